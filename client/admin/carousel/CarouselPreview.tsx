import { videoSource } from 'core/urls';
import type { SlideForm } from './slide-form';

/** SPEC section 2: a 16:9 live preview: the video, else the poster, else a prompt to add a URL. */
export function CarouselPreview({ slide }: { slide: Pick<SlideForm, 'videoUrl' | 'posterImageUrl' | 'title' | 'description' | 'ctaText'> }) {
  const { videoUrl, posterImageUrl, title, description, ctaText } = slide;
  const video = videoUrl.trim();
  const poster = posterImageUrl.trim() || undefined;
  const source = video ? videoSource(video) : null;
  return (
    <figure aria-label="Live preview" className="relative aspect-video w-full overflow-hidden rounded-xl bg-slate-900 text-white">
      {source?.kind === 'iframe' ? (
        <iframe
          src={`${source.src}?mute=1`}
          title="Slide video preview"
          className="absolute inset-0 h-full w-full"
          allow="autoplay; encrypted-media; picture-in-picture"
        />
      ) : video ? (
        <video key={video} src={source?.src ?? video} poster={poster} muted autoPlay loop playsInline className="absolute inset-0 h-full w-full object-cover" />
      ) : poster ? (
        <img src={poster} alt="Poster preview" className="absolute inset-0 h-full w-full object-cover" />
      ) : (
        <div className="absolute inset-0 flex items-center justify-center p-6 text-center text-sm text-slate-300">
          Add a video URL or poster image URL to see the preview.
        </div>
      )}
      {(title.trim() || description.trim() || ctaText.trim()) && (
        <figcaption className="pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent p-4">
          {title.trim() && <p className="text-lg font-bold">{title}</p>}
          {description.trim() && <p className="mt-1 line-clamp-2 text-sm text-slate-200">{description}</p>}
          {ctaText.trim() && <span className="mt-2 inline-block rounded-lg bg-cyan-600 px-3 py-1 text-sm font-semibold">{ctaText}</span>}
        </figcaption>
      )}
    </figure>
  );
}
