// What a public project page shows — only public fields: no sale price, notes
// or created_by ever leaves the server for these pages.
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
  projectName: string | null;
  description: string | null;
  endDate: string | null;
  themeStyle: string | null;
  /** In the listings and the sitemap (show in gallery, and completed). */
  listed: boolean;
  client: {
    name: string;
    logo: ImageSources | null;
    location: string | null;
    website: string | null;
    industryType: string | null;
  };
  dimensions: DimensionBlock[];
  options: string[];
  images: Record<ImageCategory, PublicImage[]>;
  /** 3D renders first, then real videos, each in display order. */
  videos: PublicVideo[];
  /** The featured image, else the first one: the page's share picture. */
  coverImage: ImageSources | null;
  updatedAt: string;
}
