// Demo projects: about 30 playgrounds across the demo clients, in every status,
// with dimensions, options, videos and generated images in every category; the
// built ones tell their story (brief, solution, result, a client quote), say
// whom they serve (age groups, inclusive play, surfacing) and pair a render
// with the photo of the same scene for render versus reality; their pictures
// have alt text of their own (installation photos keep their captions).
// Drafts stay bare.
// Images go through the real pipeline (so every one has its own key and
// variants); a few pictures are rendered once and reused to keep this quick.
import sharp from "sharp";
import { type schema, type Db } from "~/.server/db";
import { projectImageKey } from "~/domain/media/stored-files.server";
import { slugify } from "~/lib/slugify";
import { scaled, sceneSvg, storeOnceThenCopy } from "./images";
import { factories } from "#tests/factories";

type Status = (typeof schema.PROJECT_STATUSES)[number];
type ImageCategory = (typeof schema.IMAGE_CATEGORIES)[number];

interface DemoProject {
  title: string;
  description: string;
  status: Status;
  theme: string;
  /** Adds a toddler zone / a sport court to the main playground. */
  toddler?: boolean;
  court?: boolean;
  featured?: boolean;
}

// prettier-ignore
const PROJECTS: DemoProject[] = [
  { title: "Pirate Cove Adventure", status: "completed", theme: "Pirate ship", toddler: true, featured: true, description: "A two-deck pirate ship with a crow's nest lookout, rope bridges and a tube slide into a sandy cove. Built around the existing oak trees." },
  { title: "Jungle Canopy Trail", status: "completed", theme: "Jungle", court: true, description: "Elevated walkways and net tunnels weave between timber towers, with a zip line over a wetpour 'river'." },
  { title: "Space Station Explorer", status: "completed", theme: "Space", featured: true, description: "A rocket tower with three levels, a spiral slide, periscopes and a moon-crater trampoline area." },
  { title: "Castle Keep Play Fort", status: "completed", theme: "Medieval", toddler: true, description: "Turrets, a drawbridge and a dungeon crawl tunnel; the battlements double as a climbing wall." },
  { title: "Harbour Lighthouse Climber", status: "completed", theme: "Nautical", featured: true, description: "A 6-metre lighthouse climbing tower with a beacon room, fishing-net climbs and a wave slide." },
  { title: "Sensory Garden Pavilion", status: "completed", theme: "Nature", toddler: true, description: "A calm, inclusive space with sound tubes, texture panels, a basket swing and raised planting beds." },
  { title: "Dinosaur Dig Discovery", status: "completed", theme: "Prehistoric", toddler: true, description: "A fossil dig pit, a climbable T-rex skeleton and a volcano slide for the museum's outdoor courtyard." },
  { title: "Riverside Rope Park", status: "completed", theme: "Adventure", court: true, description: "A rope net pyramid, monkey bars and balance beams along the river path, with a multi-use games area." },
  { title: "Alpine Lodge Treehouse", status: "completed", theme: "Woodland", featured: true, description: "A timber treehouse village linked by suspension bridges, built for the hotel's family guests." },
  { title: "Splash Lagoon Water Play", status: "completed", theme: "Water", toddler: true, description: "Ground-level jets, water channels with sluice gates and a tipping bucket over a splash pad." },
  { title: "Little Acorns Nature Nook", status: "completed", theme: "Nature", toddler: true, description: "Low-level play for under-fives: a mud kitchen, a willow tunnel, stepping logs and a toddler play house." },
  { title: "Westgate Skyline Play Tower", status: "completed", theme: "City", description: "An indoor-outdoor tower in the shopping centre atrium with a glass-walled slide and interactive panels." },
  { title: "Meadowbrook Village Green", status: "completed", theme: "Countryside", court: true, description: "A village green playground with a farm-themed climbing frame, inclusive swings and a kickabout court." },
  { title: "Seaview Beach Hut Play", status: "completed", theme: "Seaside", toddler: true, description: "Colourful beach-hut play houses, a sand play table and a boardwalk balance trail by the resort pool." },
  { title: "Science Museum Gravity Lab", status: "completed", theme: "Science", description: "A ball-run wall, pulley lifts and a gravity slide that teach forces while children play." },
  { title: "Maritime Submarine Adventure", status: "completed", theme: "Underwater", featured: true, description: "A yellow submarine with portholes, a periscope and a sonar sound panel, sitting in a blue wetpour sea." },
  { title: "Oakwood Academy Sports Hub", status: "completed", theme: "Sport", court: true, description: "A MUGA sport court with basketball hoops and goals, plus a fitness trail for older pupils." },
  { title: "St. Mary's Healing Garden Play", status: "in_progress", theme: "Nature", toddler: true, description: "A fully accessible garden play space for the children's ward, with wheelchair-height sensory panels." },
  { title: "Greenfield Park Adventure Hill", status: "in_progress", theme: "Adventure", court: true, description: "Embankment slides set into the new landscaped hill, with climbing boulders and a rope traverse." },
  { title: "Harbourside Wave Trail", status: "in_progress", theme: "Nautical", description: "A balance trail of wave-shaped timber along the harbour promenade." },
  { title: "Riverside Infant Play Deck", status: "in_progress", theme: "Garden", toddler: true, description: "A raised deck with low slides, crawl tubes and musical chimes for the reception class." },
  { title: "City Museum Rooftop Play", status: "planning", theme: "Architecture", description: "A rooftop terrace play area inspired by the city's bridges: climbing arches and a suspension walk." },
  { title: "Alpine Lodge Snow Fort", status: "planning", theme: "Winter", toddler: true, description: "An all-weather snow-fort themed climbing structure with a covered toddler area." },
  { title: "Westgate Food Court Play Pod", status: "planning", theme: "Playful shapes", description: "A compact soft-play pod for the food court with a low slide and activity panels." },
  { title: "Meadowbrook Phase 2 Play Street", status: "planning", theme: "Urban", court: true, description: "Play-on-the-way pieces for the new street: stepping stones, a small court and seating." },
  { title: "Greenfield Skate and Play", status: "on_hold", theme: "Urban", court: true, description: "A combined pump track, skate features and junior play, waiting for the council's funding decision." },
  { title: "Seaview Lagoon Splash Zone", status: "on_hold", theme: "Water", description: "A second splash zone by the lagoon, paused until the resort's pool works are finished." },
  { title: "Oakwood Forest School Camp", status: "draft", theme: "Woodland", description: "Early ideas for a forest-school camp: a log circle, den-building poles and a rope swing." },
  { title: "Harbour Museum Viking Longship", status: "draft", theme: "Viking", description: "A longship climbing frame with shields, oars and a sail canopy for the museum garden." },
  { title: "Little Acorns Sensory Path", status: "draft", theme: "Sensory", description: "A barefoot sensory path with bark, pebbles and rubber textures." },
];

// Eleven characters from YouTube's alphabet, as stored ids look.
const VIDEO_IDS = [
  "Zq3pL9vQw2A",
  "h7TxC2mRk0E",
  "pR4nV8sYq1U",
  "Lw9bD5jKe3M",
  "tY6cN1xGz7Q",
  "Fb2kH8wPq4S",
  "mJ5vR0tLc9X",
  "Qd7sW3nBy6K",
  "uH1gT4zMf8P",
  "Ke9xA2rVd5N",
];

// prettier-ignore
const BRIEFS = [
  "The {theme} idea came from the children themselves: they wanted somewhere to climb higher than the hedges, and the grown-ups wanted a space that would still look good in ten winters.\n\nThe site slopes, the budget was fixed, and the play area had to stay open while the rest of the grounds were rebuilt.",
  "A tired play area with one slide and worn bark had to become the reason families visit. It needed to welcome toddlers and teenagers alike, and to be easy for staff to supervise from the café terrace.",
  "The client asked for a landmark: a {theme} play structure visible from the entrance that would hold a whole class at once, with room for quieter play at its edges.",
];
// prettier-ignore
const SOLUTIONS = [
  "We drew the structure around the existing trees and levels instead of flattening the site. Three towers step up the slope, linked by bridges, so every height is reached by more than one route, one of them ramped.\n\nRobinia timber, stainless steel rigging and powder-coated panels were chosen for a long, low-maintenance life.",
  "Our designers built the scheme in 3D with the client's team, walking through it on screen before a single post was set. The {theme} theme carries through every panel, from the entrance arch to the smallest sensory piece.",
  "A single large {theme} structure anchors the space, ringed by a toddler zone and a sensory edge with sound tubes and texture panels. Ground-level play was placed on the accessible route so every child can join in.",
];
// prettier-ignore
const RESULTS = [
  "Visits doubled in the first summer, and the playground now hosts school trips every week of term.",
  "Families stay longer, the café's takings are up, and the space has become the heart of the neighbourhood.\n\nThe client has since asked us to design phase two.",
  "Installed in eleven days with the site open throughout. Inspections since opening have found nothing to repair.",
];
// prettier-ignore
const QUOTES = [
  { text: "The children have not stopped playing since the day it opened. It looks exactly like the render, only better.", author: "Jane Harper", role: "Parks Manager" },
  { text: "They listened to what our pupils wanted and built it on time, on budget and without closing the school.", author: "Mark Odell", role: "Head Teacher" },
  { text: "Our visitors plan their day around the playground now. It is the first thing people photograph.", author: "Priya Shah", role: "Visitor Experience Director" },
  { text: "Every child can play here, whatever their ability. That was the brief, and they delivered it.", author: "Tom Reilly", role: "Facilities Lead" },
];
const SURFACES = ["poured-rubber", "turf", "mulch", "sand", "poured-rubber", "other"] as const;
const INCLUSIVE_THEMES = new Set(["Nature", "Sensory", "Garden", "Countryside", "Science"]);

const fill = (text: string, demo: DemoProject) => text.replaceAll("{theme}", demo.theme.toLowerCase());

/** The case-study fields of a built (or building) project; drafts and plans stay bare. */
function caseStudy(demo: DemoProject, index: number) {
  if (demo.status !== "completed" && demo.status !== "in_progress") return {};
  const ageGroups: (typeof schema.AGE_GROUPS)[number][] = [
    ...(demo.toddler ? (["6-23-months", "2-5-years"] as const) : []),
    "5-12-years",
    ...(demo.court ? (["13-plus"] as const) : []),
  ];
  return {
    storyBrief: fill(pick(BRIEFS, index), demo),
    storySolution: fill(pick(SOLUTIONS, index + 1), demo),
    // A project still being built has no result yet.
    storyResult: demo.status === "completed" ? pick(RESULTS, index + 2) : null,
    ...(demo.status === "completed"
      ? {
          quoteText: pick(QUOTES, index).text,
          quoteAuthor: pick(QUOTES, index).author,
          quoteRole: pick(QUOTES, index).role,
        }
      : {}),
    ageGroups,
    inclusivePlay: INCLUSIVE_THEMES.has(demo.theme) || index % 3 === 0,
    surfacing: demo.theme === "Water" ? ("other" as const) : pick(SURFACES, index),
  };
}

const VIEWS = ["from the entrance", "from the side", "from the path"];

/**
 * What a picture shows, written apart from its caption (as staff do in Project
 * Media); installation photos keep the default, their caption.
 */
function altText(demo: DemoProject, category: ImageCategory, order: number): string | null {
  const scene = `two posts carrying a deck, with a curved slide down to the ground, seen ${pick(VIEWS, order)}`;
  if (category === "3d_renders") return `3D render of the ${demo.theme.toLowerCase()} play structure: ${scene}`;
  if (category === "photos_completed") return `${demo.title} as built: ${scene}`;
  return null;
}

const PICTURES = 8;
const CATEGORIES: ImageCategory[] = ["3d_renders", "photos_installation", "photos_completed"];

const pick = <T>(list: readonly T[], index: number): T => list[index % list.length]!;

function isoDate(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Dimensions of one block, scaled a little per project (numerics as text). */
function block(index: number, scale: number) {
  const ft = (n: number) => (n * scale + (index % 5) * 0.5).toFixed(1);
  const length = Number(ft(40));
  const width = Number(ft(28));
  return {
    length: length.toFixed(2),
    width: width.toFixed(2),
    height: ft(12),
    levels: 1 + (index % 3),
    sqFeet: (length * width).toFixed(2),
  };
}

export async function seedProjects(
  db: Db,
  ids: { clientIds: string[]; optionIds: string[] },
  pictureScale = 1,
): Promise<void> {
  if (!ids.clientIds.length) return;
  const make = factories(db);
  // A few pictures, rendered once and put through the pipeline once each; every
  // other use gets a copy of those files under a key of its own.
  // Each scene twice: as built (a photo) and as designed (the render: cool and flat).
  const pictures = await Promise.all(
    Array.from({ length: PICTURES }, (_, i) =>
      sharp(Buffer.from(sceneSvg(i, scaled(960, pictureScale), scaled(720, pictureScale))))
        .jpeg({ quality: 80 })
        .toBuffer(),
    ),
  );
  const renders = await Promise.all(
    pictures.map((picture) =>
      sharp(picture).grayscale().tint({ r: 110, g: 150, b: 220 }).jpeg({ quality: 80 }).toBuffer(),
    ),
  );
  const copies = storeOnceThenCopy();
  const store = (scene: number, projectId: string, category: ImageCategory) => {
    const render = category === "3d_renders";
    return copies((scene % PICTURES) + (render ? PICTURES : 0), pick(render ? renders : pictures, scene), (ext) =>
      projectImageKey(projectId, category, ext),
    );
  };

  const now = Date.now();
  for (const [index, demo] of PROJECTS.entries()) {
    const clientId = pick(ids.clientIds, index);
    const done = demo.status === "completed";
    const year = done ? 2022 + (index % 4) : 2026;
    const endDate =
      demo.status === "draft" || (demo.status === "planning" && index % 2)
        ? null
        : isoDate(year, 1 + (index % 12), 1 + ((index * 7) % 28));
    const main = block(index, 1);
    const toddler = block(index, 0.5);
    const court = block(index, 2);
    const project = await make.project({
      title: demo.title,
      projectName: index % 9 === 8 ? null : slugify(demo.title),
      description: demo.description,
      clientId,
      status: demo.status,
      endDate,
      showInGallery: done && index % 6 !== 5,
      themeStyle: demo.theme,
      isFeatured: demo.featured ?? false,
      featuredUrl: demo.featured ? `https://playfolio.example/featured/${slugify(demo.title)}` : null,
      salePrice: (45_000 + index * 7_250.5).toFixed(2),
      capacity: 20 + (index % 6) * 10,
      hasMainPlayground: true,
      mainPlaygroundLength: main.length,
      mainPlaygroundWidth: main.width,
      mainPlaygroundHeight: main.height,
      levels: main.levels,
      sqFeet: main.sqFeet,
      hasToddlerZone: demo.toddler ?? false,
      ...(demo.toddler
        ? {
            toddlerZoneLength: toddler.length,
            toddlerZoneWidth: toddler.width,
            toddlerZoneHeight: toddler.height,
            toddlerZoneLevels: 1,
            toddlerZoneSqFeet: toddler.sqFeet,
          }
        : {}),
      hasSportCourt: demo.court ?? false,
      ...(demo.court
        ? {
            sportCourtLength: court.length,
            sportCourtWidth: court.width,
            sportCourtHeight: "10.0",
            sportCourtLevels: 1,
            sportCourtSqFeet: court.sqFeet,
          }
        : {}),
      ...caseStudy(demo, index),
      // Spread over the last two years, the first of the list the newest.
      createdAt: new Date(now - index * 23 * 24 * 3600 * 1000),
    });
    const projectId = project.id;

    const optionCount = Math.min(ids.optionIds.length, 2 + (index % 4));
    const optionIds = new Set(Array.from({ length: optionCount }, (_, i) => pick(ids.optionIds, index * 3 + i * 2)));
    for (const optionId of optionIds) await make.projectOption({ projectId, optionId });

    const videos = 1 + (index % 2);
    for (let i = 0; i < videos; i++) {
      const youtubeId = pick(VIDEO_IDS, index + i * 3);
      await make.video({
        projectId,
        title: i === 0 ? `${demo.title} 3D walkthrough` : `${demo.title} opening day`,
        youtubeUrl: `https://www.youtube.com/watch?v=${youtubeId}`,
        youtubeId,
        videoCategory: i === 0 ? "3d_renders" : "real_videos",
        displayOrder: i,
      });
    }

    const featuredCategory: ImageCategory = done ? "photos_completed" : "3d_renders";
    const firstOf: Partial<Record<ImageCategory, string[]>> = {};
    for (const [c, category] of CATEGORIES.entries()) {
      const count = 2 + ((index + c) % 5 === 0 ? 1 : 0);
      // Renders and completed photos show the same scenes, in the same order: they pair up.
      const stored = await Promise.all(
        Array.from({ length: count }, (_, i) =>
          store(index * 3 + i + (category === "photos_installation" ? 1 : 0), projectId, category),
        ),
      );
      for (const [order, image] of stored.entries()) {
        const row = await make.image({
          projectId,
          imageCategory: category,
          storageKey: image.key,
          width: image.width,
          height: image.height,
          caption:
            order === 0
              ? `${demo.title}: ${category === "3d_renders" ? "concept render" : "view from the entrance"}`
              : null,
          altText: altText(demo, category, order),
          isFeatured: category === featuredCategory && order === 0,
          displayOrder: order,
        });
        (firstOf[category] ??= []).push(row.id);
      }
    }
    // Every other built project compares its second pair, as staff may choose.
    const [render, photo] = [firstOf["3d_renders"]?.[1], firstOf.photos_completed?.[1]];
    if (done && index % 2 === 1 && render && photo) {
      await make.comparisonPair({ projectId, renderId: render, photoId: photo });
    }
  }
}
