// Known projects for the projects specs: two clients, three options, four
// projects (one with media and options, one without a project name, a draft,
// one with a contract).
import { daysAgo } from "../../factories";
import type { Seed } from "./server";

export const PROJECT_IDS = {
  pirate: "a1111111-1111-4111-8111-111111111111",
  jungle: "a2222222-2222-4222-8222-222222222222",
  draft: "a3333333-3333-4333-8333-333333333333",
  castle: "a4444444-4444-4444-8444-444444444444",
};

export const OPTION_IDS = {
  slide: "e1111111-1111-4111-8111-111111111111",
  wall: "e2222222-2222-4222-8222-222222222222",
  panels: "e3333333-3333-4333-8333-333333333333",
};

export const seedProjects: Seed = async ({ make }) => {
  const harbour = await make.client({ name: "Harbour Museum" });
  const riverside = await make.client({ name: "Riverside School" });
  // Fixed ids: options added together are listed by id.
  const slide = await make.option({ id: OPTION_IDS.slide, optionName: "Tube Slide", optionCategory: "Slides" });
  const wall = await make.option({ id: OPTION_IDS.wall, optionName: "Climbing Wall", optionCategory: "Climbing" });
  await make.option({ id: OPTION_IDS.panels, optionName: "Sensory Panels", optionCategory: "Sensory" });
  const pirate = await make.project({
    id: PROJECT_IDS.pirate,
    title: "Pirate Cove",
    projectName: "pirate-cove",
    description:
      "A two-deck pirate ship with a crow's nest lookout, rope bridges, a tube slide into a sandy cove and a treasure dig built around the old oak trees by the museum entrance.",
    clientId: harbour.id,
    status: "completed",
    endDate: "2025-03-07",
    themeStyle: "Pirate ship",
    hasMainPlayground: true,
    mainPlaygroundLength: "12.30",
    levels: 2,
    createdAt: daysAgo(4),
  });
  await make.project({
    id: PROJECT_IDS.jungle,
    title: "Jungle Trail",
    description: "Nets and bridges between timber towers.",
    clientId: riverside.id,
    status: "planning",
    createdAt: daysAgo(3),
  });
  await make.project({ id: PROJECT_IDS.draft, title: "Draft Idea", clientId: harbour.id, createdAt: daysAgo(2) });
  await make.project({
    id: PROJECT_IDS.castle,
    title: "Contracted Castle",
    projectName: "contracted-castle",
    description: "Turrets and a drawbridge.",
    clientId: riverside.id,
    status: "in_progress",
    endDate: "2026-01-15",
    createdAt: daysAgo(1),
  });
  await make.contract({ projectId: PROJECT_IDS.castle, status: "sent" });
  await make.image({ projectId: pirate.id, imageCategory: "3d_renders" });
  await make.image({ projectId: pirate.id, imageCategory: "photos_completed" });
  await make.video({ projectId: pirate.id, title: "Walkthrough" });
  await make.projectOption({ projectId: pirate.id, optionId: slide.id });
  await make.projectOption({ projectId: pirate.id, optionId: wall.id });
};
