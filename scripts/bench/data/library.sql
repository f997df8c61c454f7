-- The library part: 10,000 projects (half of them listed), 50 clients in 5 industries, 20 options with 4 per
-- project, 30,000 image rows.
insert into industry_types (name) values ('Schools'), ('Parks'), ('Museums'), ('Hotels'), ('Retail');
insert into clients (id, name, location, website, industry_type)
  select ('c0000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'Client ' || n, 'Town ' || n,
    'https://client' || n || '.example', (array['Schools','Parks','Museums','Hotels','Retail'])[1 + n % 5]
  from generate_series(1, 50) n;
insert into playground_options (id, option_name)
  select ('e0000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'Option ' || n from generate_series(1, 20) n;
insert into projects (id, title, project_name, client_id, status, show_in_gallery, description, end_date)
  select ('a0000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid,
    (array['Tower','Meadow','Harbour','Forest','Castle','Canyon','River','Summit'])[1 + n % 8] || ' project ' || n,
    'project-' || n, ('c0000000-0000-4000-8000-' || lpad((1 + n % 50)::text, 12, '0'))::uuid,
    case when n % 2 = 0 then 'completed' else 'planning' end, n % 2 = 0,
    'A playground with ' || (array['slides','nets','swings','sand'])[1 + n % 4] || ' and a sensory garden.',
    date '2020-01-01' + (n % 1500)
  from generate_series(1, 10000) n;
insert into project_options (project_id, option_id)
  select ('a0000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid,
    ('e0000000-0000-4000-8000-' || lpad((1 + (n * k) % 20)::text, 12, '0'))::uuid
  from generate_series(1, 10000) n, generate_series(1, 4) k
  on conflict do nothing;
insert into project_images (project_id, storage_key, width, height, display_order, image_category)
  select ('a0000000-0000-4000-8000-' || lpad((1 + n % 10000)::text, 12, '0'))::uuid,
    'project-files/bench/' || n || '.jpg', 1600, 1200, n / 10000, 'photos_completed'
  from generate_series(1, 30000) n;
analyze;
