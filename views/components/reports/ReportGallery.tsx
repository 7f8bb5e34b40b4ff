import { reportDay, REPORT_PHOTO_TEXT, type GalleryPhoto, type ReportPhotoResponse } from 'core/reports';
import { ResponsiveImage } from 'views/components/ResponsiveImage';

/** A gallery cell's width: three across from sm up in the site page's main column, two below. */
const GALLERY_SIZES = '(min-width: 1280px) 260px, (min-width: 640px) calc((100vw - 6rem) / 3), calc((100vw - 3rem) / 2)';

/**
 * Issue 45's gallery of a site's approved report photos: server-rendered figures, each with the diver's
 * description as its alt text and the name and day as its caption; every image is a link to the full one.
 */
export function ReportGallery({ photos, siteName }: { photos: GalleryPhoto[]; siteName: string }) {
  if (!photos.length) return null;
  return (
    <section aria-labelledby="site-gallery-heading" data-testid="site-gallery" className="mt-6">
      <h3 id="site-gallery-heading" className="text-lg font-bold text-slate-900">
        {REPORT_PHOTO_TEXT.galleryHeading}
      </h3>
      <p className="text-sm text-slate-600">Taken at {siteName} by the divers who reported the conditions.</p>
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {photos.map((photo) => (
          <li key={photo.id}>
            <figure>
              <a href={photo.src} className="block">
                <ResponsiveImage
                  src={photo.src}
                  alt={photo.alt}
                  width={photo.width ?? 1200}
                  height={photo.height ?? 800}
                  sizes={GALLERY_SIZES}
                  maxWidth={800}
                  className="aspect-[4/3] w-full rounded-lg object-cover"
                />
              </a>
              <figcaption className="mt-1 text-sm text-slate-700">
                {photo.name ?? 'A diver'}, <time dateTime={photo.date}>{reportDay(photo.date)}</time>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A report's own approved photos, small, under its words (each with the diver's description as its alt text). */
export function ReportPhotos({ photos }: { photos: ReportPhotoResponse[] }) {
  const shown = photos.filter((photo): photo is ReportPhotoResponse & { src: string } => !!photo.src);
  if (!shown.length) return null;
  return (
    <p className="mt-2 flex flex-wrap gap-2">
      {shown.map((photo) => (
        <a key={photo.id} href={photo.src} className="block">
          <ResponsiveImage
            src={photo.src}
            alt={photo.alt}
            width={photo.width ?? 1200}
            height={photo.height ?? 800}
            sizes="128px"
            maxWidth={400}
            className="aspect-square w-32 rounded-md object-cover"
          />
        </a>
      ))}
    </p>
  );
}
