// What a public project page shows — only public fields: no sale price, notes
// or created_by ever leaves the server for these pages.
import type { AgeGroup, Surfacing } from "~/domain/projects/schema";
import type { ImageSources } from "~/lib/image-sources";

export const IMAGE_SECTIONS = [
  { category: "3d_renders", title: "3D Renders" },
  { category: "photos_installation", title: "Installation" },
  { category: "photos_completed", title: "Completed" },
] as const;

export type ImageCategory = (typeof IMAGE_SECTIONS)[number]["category"];

export interface PublicImage {
  id: string;
  caption: string | null;
  /** The text alternative: its alt text, else its caption, else what and where it is. */
  alt: string;
  sources: ImageSources;
  /** The largest variant, for the full-size preview. */
  fullUrl: string;
}

export interface PublicVideo {
  id: string;
  title: string;
  youtubeId: string;
  category: "3d_renders" | "real_videos";
}

export interface DimensionBlock {
  title: "Main Playground" | "Toddler Zone" | "Sport Court";
  length: string | null;
  width: string | null;
  height: string | null;
  levels: number | null;
  sqFeet: string | null;
}

export interface PublicProject {
  id: string;
  title: string;
  /** The company's name (or the default), for the page's title: read in the page's one statement. */
  siteName: string;
  projectName: string | null;
  description: string | null;
  endDate: string | null;
  themeStyle: string | null;
  /** In the listings and the sitemap (show in gallery, and completed). */
  listed: boolean;
  /** Its pages are public: Show in Gallery, or in a published gallery (else staff and share links only). */
  published: boolean;
  client: {
    name: string;
    logo: ImageSources | null;
    location: string | null;
    website: string | null;
    industryType: string | null;
  };
  dimensions: DimensionBlock[];
  /** The sum of the included blocks' square feet, when any has one. */
  totalSqFeet: string | null;
  /** The most levels of any included block. */
  levels: number | null;
  capacity: number | null;
  story: { brief: string | null; solution: string | null; result: string | null };
  quote: { text: string; author: string; role: string | null } | null;
  ageGroups: AgeGroup[];
  inclusivePlay: boolean;
  surfacing: Surfacing | null;
  /** Playground options by name, each with its catalogue picture. */
  options: { name: string; image: ImageSources | null }[];
  /** The featured image, else the first completed photo, else the first render. */
  hero: PublicImage | null;
  /** Render versus reality: the chosen (else first) render and completed photo. */
  comparison: { render: PublicImage; photo: PublicImage } | null;
  images: Record<ImageCategory, PublicImage[]>;
  /** 3D renders first, then real videos, each in display order. */
  videos: PublicVideo[];
  /** The hero, else the first image: the page's share picture. */
  coverImage: ImageSources | null;
  updatedAt: string;
}
