// A project's media as its public page shows them, and the client portal too:
// render versus reality, the videos, then each category of pictures (the
// lightbox and slider are run by the page's small script).
import { IMAGE_SECTIONS, type PublicProject } from "../project-page";
import { ImageSection } from "./image-section";
import { RenderComparison } from "./render-comparison";
import { StaticVideo } from "./static-video";

export function ProjectMedia({
  project,
  headingClassName,
}: {
  project: Pick<PublicProject, "comparison" | "videos" | "images">;
  /** The size of the Videos heading, matching the page's other section headings. */
  headingClassName: string;
}) {
  return (
    <>
      {project.comparison ? (
        <RenderComparison render={project.comparison.render} photo={project.comparison.photo} />
      ) : null}

      {project.videos.length ? (
        <section aria-labelledby="project-videos" className="grid gap-4">
          <h2 id="project-videos" className={headingClassName}>
            Videos
          </h2>
          <div className="grid gap-4 md:grid-cols-2">
            {project.videos.map((video) => (
              <StaticVideo key={video.id} youtubeId={video.youtubeId} title={video.title} />
            ))}
          </div>
        </section>
      ) : null}

      {IMAGE_SECTIONS.map((section) => (
        <ImageSection
          key={section.category}
          id={`images-${section.category}`}
          title={section.title}
          images={project.images[section.category]}
        />
      ))}
    </>
  );
}
