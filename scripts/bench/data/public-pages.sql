-- The public-pages part: 500 projects and 10,000 image rows; the benchmark's own project (public-pages.ts adds
-- its 30 real pictures) and a published gallery of 24 listed projects.
insert into clients (id, name, location, website)
  select ('c0000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'Client ' || n, 'Town ' || n, 'https://client' || n || '.example'
  from generate_series(1, 50) n;
insert into projects (id, title, project_name, client_id, status, show_in_gallery, description, end_date,
    has_main_playground, main_playground_length, main_playground_width, main_playground_height, levels, sq_feet)
  select ('a0000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'Project number ' || n, 'project-' || n,
    ('c0000000-0000-4000-8000-' || lpad((1 + n % 50)::text, 12, '0'))::uuid,
    (array['draft','planning','in_progress','completed','on_hold'])[1 + n % 5], n % 2 = 0,
    repeat('A playground with towers, slides and a sensory garden. ', 6), date '2024-01-01' + n,
    true, 20, 15, 12, 3, 300
  from generate_series(1, 499) n;
insert into project_images (project_id, storage_key, width, height, caption, display_order, image_category)
  select ('a0000000-0000-4000-8000-' || lpad((1 + n % 499)::text, 12, '0'))::uuid,
    'project-files/bench/' || n || '.jpg', 1600, 1200, 'Picture ' || n, n / 499,
    (array['3d_renders','photos_installation','photos_completed'])[1 + n % 3]
  from generate_series(1, 9970) n;
insert into playground_options (option_name) select 'Option ' || n from generate_series(1, 20) n;
insert into project_options (project_id, option_id)
  select p.id, o.id from projects p cross join lateral (select id from playground_options order by random() limit 4) o;
insert into projects (id, title, project_name, client_id, status, show_in_gallery, description, end_date,
    has_main_playground, main_playground_length, main_playground_width, main_playground_height, levels, sq_feet)
  values ('b0000000-0000-4000-8000-000000000000', 'Benchmark Adventure Park', 'bench-project', 'c0000000-0000-4000-8000-000000000001',
    'completed', true, 'The project the benchmark loads: thirty real pictures.', '2025-06-01', true, 30, 20, 14, 4, 600);
insert into project_videos (project_id, title, youtube_url, youtube_id, display_order, video_category) values
  ('b0000000-0000-4000-8000-000000000000', 'Walk-through', 'https://youtu.be/abcdefghijk', 'abcdefghijk', 0, '3d_renders'),
  ('b0000000-0000-4000-8000-000000000000', 'Opening day', 'https://youtu.be/ABCDEFGHIJK', 'ABCDEFGHIJK', 0, 'real_videos');
insert into galleries (id, name, slug, description, is_published)
  values ('d0000000-0000-4000-8000-000000000001', 'Benchmark Gallery', 'bench-gallery', 'Twenty-four listed projects.', true);
insert into gallery_projects (gallery_id, project_id, display_order)
  select 'd0000000-0000-4000-8000-000000000001', id, row_number() over (order by id)
  from (select id from projects where show_in_gallery and status = 'completed' order by id limit 24) listed;
