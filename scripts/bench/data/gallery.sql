-- The gallery part: a published gallery of 24 completed projects (8 clients), a few featured (a link or a
-- video); gallery.ts adds a real photograph to each and a logo to each client.
insert into industry_types (name) values ('Schools'), ('Parks'), ('Museums');
insert into clients (id, name, location, website, industry_type)
  select ('c0000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'Client ' || n, 'Town ' || n,
    'https://client' || n || '.example', (array['Schools','Parks','Museums'])[1 + n % 3]
  from generate_series(1, 8) n;
insert into projects (id, title, project_name, client_id, status, show_in_gallery, description, end_date,
    is_featured, featured_url)
  select ('a0000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'Gallery project ' || n, 'gallery-project-' || n,
    ('c0000000-0000-4000-8000-' || lpad((1 + n % 8)::text, 12, '0'))::uuid, 'completed', true,
    'A playground with towers, slides and a sensory garden.', date '2024-01-01' + n * 10,
    n % 6 = 0, case when n % 12 = 0 then 'https://example.com/featured-' || n end
  from generate_series(1, 24) n;
insert into project_videos (project_id, title, youtube_url, youtube_id, display_order, video_category)
  select ('a0000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'Walk-through', 'https://youtu.be/abcdefghijk',
    'abcdefghijk', 0, '3d_renders'
  from generate_series(6, 24, 6) n where n % 12 <> 0;
insert into galleries (id, name, slug, description, is_published)
  values ('d0000000-0000-4000-8000-000000000001', 'Benchmark Gallery', 'bench-gallery', 'Twenty-four projects in the chosen order.', true);
insert into gallery_projects (gallery_id, project_id, display_order)
  select 'd0000000-0000-4000-8000-000000000001', ('a0000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 24 - n
  from generate_series(1, 24) n;
