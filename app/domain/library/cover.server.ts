// Which of a project's pictures stands for it, as an ORDER BY over its
// `project_images i`: the featured one, else the first completed photo, else
// the first render, else the first installation photo — the project page's
// hero and Open Graph image, the library card's photo and the oEmbed thumbnail.
import { sql } from "drizzle-orm";

export const projectCoverOrder = sql`i.is_featured desc,
  case i.image_category when 'photos_completed' then 0 when '3d_renders' then 1 else 2 end,
  i.display_order, i.id`;

/** A gallery card's picture (and the gallery's Open Graph image): featured, else completed, installation, render. */
export const galleryCardCoverOrder = sql`i.is_featured desc,
  case i.image_category when 'photos_completed' then 0 when 'photos_installation' then 1 else 2 end,
  i.display_order, i.id`;
