// Known projects for the projects specs: two clients, three options, four
// projects (one with media and options, one without a project name, a draft,
// one with a contract).
export const PROJECT_IDS = {
  pirate: "a1111111-1111-4111-8111-111111111111",
  jungle: "a2222222-2222-4222-8222-222222222222",
  draft: "a3333333-3333-4333-8333-333333333333",
  castle: "a4444444-4444-4444-8444-444444444444",
};

const HARBOUR = "c1111111-1111-4111-8111-111111111111";
const RIVERSIDE = "c2222222-2222-4222-8222-222222222222";

export const PROJECTS_SEED = `
  insert into clients (id, name) values
    ('${HARBOUR}', 'Harbour Museum'),
    ('${RIVERSIDE}', 'Riverside School');
  insert into playground_options (id, option_name, option_category) values
    ('e1111111-1111-4111-8111-111111111111', 'Tube Slide', 'Slides'),
    ('e2222222-2222-4222-8222-222222222222', 'Climbing Wall', 'Climbing'),
    ('e3333333-3333-4333-8333-333333333333', 'Sensory Panels', 'Sensory');
  insert into projects (id, title, project_name, description, client_id, status, end_date, theme_style,
                        has_main_playground, main_playground_length, levels, created_at) values
    ('${PROJECT_IDS.pirate}', 'Pirate Cove', 'pirate-cove',
     'A two-deck pirate ship with a crow''s nest lookout, rope bridges, a tube slide into a sandy cove and a treasure dig built around the old oak trees by the museum entrance.',
     '${HARBOUR}', 'completed', '2025-03-07', 'Pirate ship', true, '12.30', 2, now() - interval '4 days'),
    ('${PROJECT_IDS.jungle}', 'Jungle Trail', null, 'Nets and bridges between timber towers.',
     '${RIVERSIDE}', 'planning', null, null, false, null, null, now() - interval '3 days'),
    ('${PROJECT_IDS.draft}', 'Draft Idea', null, null, '${HARBOUR}', 'draft', null, null, false, null, null, now() - interval '2 days'),
    ('${PROJECT_IDS.castle}', 'Contracted Castle', 'contracted-castle', 'Turrets and a drawbridge.',
     '${RIVERSIDE}', 'in_progress', '2026-01-15', null, false, null, null, now() - interval '1 day');
  insert into contracts (project_id, status) values ('${PROJECT_IDS.castle}', 'sent');
  insert into project_images (project_id, storage_key, width, height, display_order, image_category) values
    ('${PROJECT_IDS.pirate}', 'project-files/${PROJECT_IDS.pirate}/3d_renders/1-a.jpg', 800, 600, 0, '3d_renders'),
    ('${PROJECT_IDS.pirate}', 'project-files/${PROJECT_IDS.pirate}/photos_completed/2-b.jpg', 800, 600, 0, 'photos_completed');
  insert into project_videos (project_id, title, youtube_url, youtube_id, display_order, video_category) values
    ('${PROJECT_IDS.pirate}', 'Walkthrough', 'https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ', 0, '3d_renders');
  insert into project_options (project_id, option_id) values
    ('${PROJECT_IDS.pirate}', 'e1111111-1111-4111-8111-111111111111'),
    ('${PROJECT_IDS.pirate}', 'e2222222-2222-4222-8222-222222222222');
`;
