// Demo galleries: two published ones of finished playgrounds (the featured
// ones, with their featured links and 3D videos, lead the first), and a draft
// of work in progress. Projects are picked by title from the demo projects;
// if those change, completed projects fill the published galleries.
import { asc, desc } from "drizzle-orm";
import { schema, type Db } from "~/.server/db";
import { factories } from "#tests/factories";

interface DemoGallery {
  name: string;
  slug: string;
  description: string;
  published: boolean;
  /** Days before now, so the list shows them in a known order. */
  age: number;
  titles: string[];
}

const GALLERIES: DemoGallery[] = [
  {
    name: "Signature Playgrounds",
    slug: "signature-playgrounds",
    description: "Our favourite themed builds: pirate ships, rockets, lighthouses and treehouse villages.",
    published: true,
    age: 2,
    titles: [
      "Pirate Cove Adventure",
      "Space Station Explorer",
      "Harbour Lighthouse Climber",
      "Alpine Lodge Treehouse",
      "Maritime Submarine Adventure",
      "Jungle Canopy Trail",
      "Castle Keep Play Fort",
      "Dinosaur Dig Discovery",
      "Westgate Skyline Play Tower",
      "Greenfield Park Adventure Hill",
    ],
  },
  {
    name: "Schools, Parks and Nature Play",
    slug: "schools-parks-nature-play",
    description: "Inclusive, sensory and nature-led spaces for schools, councils and hospitals.",
    published: true,
    age: 9,
    titles: [
      "Alpine Lodge Treehouse",
      "Sensory Garden Pavilion",
      "Little Acorns Nature Nook",
      "Meadowbrook Village Green",
      "Riverside Rope Park",
      "Science Museum Gravity Lab",
      "Oakwood Academy Sports Hub",
      "Splash Lagoon Water Play",
      "Seaview Beach Hut Play",
    ],
  },
  {
    name: "Coming Soon",
    slug: "coming-soon",
    description: "Projects on site and on the drawing board — published when they open.",
    published: false,
    age: 0,
    titles: [
      "St. Mary's Healing Garden Play",
      "Harbourside Wave Trail",
      "Riverside Infant Play Deck",
      "City Museum Rooftop Play",
    ],
  },
];

const MIN_PUBLISHED = 6;

export async function seedGalleries(db: Db): Promise<void> {
  const projects = await db
    .select({ id: schema.projects.id, title: schema.projects.title, status: schema.projects.status })
    .from(schema.projects)
    .orderBy(desc(schema.projects.createdAt));
  if (projects.length === 0) return;
  const [owner] = await db
    .select({ id: schema.user.id })
    .from(schema.user)
    .orderBy(asc(schema.user.createdAt))
    .limit(1);
  const byTitle = new Map(projects.map((project) => [project.title, project.id]));
  const completed = projects.filter((project) => project.status === "completed").map((project) => project.id);

  const now = Date.now();
  for (const demo of GALLERIES) {
    const ids = demo.titles.flatMap((title) => byTitle.get(title) ?? []);
    if (demo.published) {
      for (const id of completed) {
        if (ids.length >= MIN_PUBLISHED) break;
        if (!ids.includes(id)) ids.push(id);
      }
    }
    const make = factories(db);
    const gallery = await make.gallery({
      name: demo.name,
      slug: demo.slug,
      description: demo.description,
      isPublished: demo.published,
      createdBy: owner?.id ?? null,
      createdAt: new Date(now - demo.age * 24 * 3600 * 1000),
    });
    for (const [displayOrder, projectId] of ids.entries()) {
      await make.galleryProject({ galleryId: gallery.id, projectId, displayOrder });
    }
  }
}
