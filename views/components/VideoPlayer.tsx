import { singleImageUrl } from 'core/images';
import { videoSource } from 'core/urls';

/** A featured video: YouTube and Vimeo as frames, direct files as a video element; unknown links as a link. */
export function VideoPlayer({ url, title, poster }: { url: string; title: string; poster?: string | null }) {
  const source = videoSource(url);
  if (!source) {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" className="font-medium text-cyan-700 underline">
        Watch the video: {title}
      </a>
    );
  }
  return (
    <div className="aspect-video w-full overflow-hidden rounded-2xl bg-slate-900">
      {source.kind === 'iframe' ? (
        <iframe
          src={source.src}
          title={title}
          loading="lazy"
          allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
          className="h-full w-full"
        />
      ) : (
        <video controls preload="metadata" playsInline poster={poster ? singleImageUrl(poster, 1200) : undefined} className="h-full w-full">
          <source src={source.src} type={source.type} />
        </video>
      )}
    </div>
  );
}
