// What a published gallery page shows: public fields only.
import type { ImageSources } from "~/lib/image-sources";

export interface GalleryCard {
  projectId: string;
  title: string;
  /** Where the card leads: the project's public page, or its featured URL. */
  href: string | null;
  featuredUrl: string | null;
  isFeatured: boolean;
  endDate: string | null;
  cover: ImageSources | null;
  client: {
    name: string;
    logo: ImageSources | null;
    location: string | null;
    website: string | null;
    industryType: string | null;
  };
  /** For featured projects: a 3D-renders video first, else the first video. */
  video: { youtubeId: string; title: string } | null;
}

export interface PublicGallery {
  id: string;
  name: string;
  /** The company's name (or the default), for the page's title: read in the page's one statement. */
  siteName: string;
  slug: string;
  description: string | null;
  cards: GalleryCard[];
}
