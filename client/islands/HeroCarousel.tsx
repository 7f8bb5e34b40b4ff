import type { PublicSlide } from 'core/api/carousel';
import { IMAGE_SIZES, imageSources, singleImageUrl } from 'core/images';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface HeroCarouselProps {
  slides: PublicSlide[];
}

export const CAROUSEL_INTERVAL_MS = 15000;

/** SPEC section 4: used when no carousel slide comes back with a video. */
export const FALLBACK_SLIDE: PublicSlide = {
  id: 0,
  videoUrl: '',
  title: "Discover Australia's Best Scuba Diving Sites",
  description: 'From the Great Barrier Reef to the kelp forests of Tasmania: honest dive-site guides, gear reviews and safety advice.',
  ctaText: 'Explore 244+ Dive Sites',
  ctaUrl: '/dive-sites',
  posterImageUrl: '/media/poster-reef.svg',
};

/**
 * The home page's hero: muted autoplaying videos that advance every 15 seconds and wrap around, with
 * pause/play and mute controls. A single slide loops; a video that ends advances.
 */
export function HeroCarousel({ slides: given }: HeroCarouselProps) {
  const withVideo = given.filter((slide) => slide.videoUrl);
  const slides = withVideo.length > 0 ? withVideo : [FALLBACK_SLIDE];
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [muted, setMuted] = useState(true);
  // The videos and their buttons come with the script (issue 47): without it a browser draws a video's
  // own controls over the hero and the buttons could do nothing, so the page shows the poster and links.
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  const video = useRef<HTMLVideoElement>(null);
  const single = slides.length === 1;
  const slide = slides[index % slides.length];

  const next = useCallback(() => setIndex((i) => (i + 1) % slides.length), [slides.length]);

  useEffect(() => {
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) setPaused(true);
  }, []);

  useEffect(() => {
    if (paused || single) return;
    const timer = setInterval(next, CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused, single, next, index]);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    element.muted = muted;
    if (paused) element.pause();
    else element.play()?.catch((error: unknown) => console.info('Carousel autoplay was prevented', error));
  }, [paused, muted, index]);

  return (
    <section aria-roledescription="carousel" aria-label="Featured dive videos" className="relative isolate overflow-hidden bg-[#0b2545] text-white">
      <div className="absolute inset-0 -z-10">
        {slide.posterImageUrl && (
          <img
            {...imageSources(slide.posterImageUrl)}
            sizes={IMAGE_SIZES.hero}
            alt=""
            width={1600}
            height={900}
            fetchPriority="high"
            data-fallback="hero"
            className="absolute inset-0 h-full w-full bg-slate-800 object-cover"
          />
        )}
        {scripted && slide.videoUrl && (
          <video
            key={slide.id}
            ref={video}
            className="absolute inset-0 h-full w-full object-cover"
            src={slide.videoUrl}
            poster={slide.posterImageUrl ? singleImageUrl(slide.posterImageUrl, 1600) : undefined}
            autoPlay={!paused}
            muted
            loop={single}
            playsInline
            preload="metadata"
            aria-hidden="true"
            onEnded={single ? undefined : next}
          />
        )}
        <div className="absolute inset-0 bg-gradient-to-r from-[#0b2545]/90 via-[#0b2545]/60 to-transparent" />
      </div>
      <div className="mx-auto flex min-h-[28rem] max-w-7xl flex-col justify-center px-4 py-20 sm:min-h-[34rem]" aria-live={paused ? 'polite' : 'off'}>
        <p className="text-sm font-semibold uppercase tracking-widest text-cyan-200">Scuba diving in Australia and the Pacific</p>
        <h1 className="mt-3 max-w-2xl text-4xl font-black leading-tight sm:text-5xl">{slide.title}</h1>
        {slide.description && <p className="mt-4 max-w-xl text-lg text-slate-100">{slide.description}</p>}
        <div className="mt-8 flex flex-wrap gap-3">
          {slide.ctaText && slide.ctaUrl && (
            <a
              href={slide.ctaUrl}
              className="inline-flex min-h-11 items-center rounded-lg bg-amber-400 px-6 py-3 font-semibold text-slate-900 hover:bg-amber-300"
            >
              {slide.ctaText}
            </a>
          )}
          <a
            href="/gear-reviews"
            className="inline-flex min-h-11 items-center rounded-lg px-6 py-3 font-semibold text-white ring-1 ring-white/70 hover:bg-white/10"
          >
            Read Gear Reviews
          </a>
        </div>
      </div>
      <div className="absolute bottom-4 right-4 flex items-center gap-2">
        {scripted &&
          !single &&
          slides.map((s, i) => (
            <button
              key={s.id}
              type="button"
              onClick={() => setIndex(i)}
              aria-label={`Show slide ${i + 1}: ${s.title}`}
              aria-current={i === index ? 'true' : undefined}
              className="flex h-6 w-6 items-center justify-center"
            >
              <span className={`block h-2.5 w-2.5 rounded-full ${i === index ? 'bg-white' : 'bg-white/40'}`} />
            </button>
          ))}
        {scripted && slide.videoUrl && (
          <>
            <button
              type="button"
              onClick={() => setPaused((p) => !p)}
              aria-label={paused ? 'Play' : 'Pause'}
              className="flex h-11 w-11 items-center justify-center rounded-full bg-black/40 hover:bg-black/60"
            >
              {paused ? (
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
                  <path d="M8 5v14l11-7z" />
                </svg>
              ) : (
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
                  <path d="M6 5h4v14H6zM14 5h4v14h-4z" />
                </svg>
              )}
            </button>
            <button
              type="button"
              onClick={() => setMuted((m) => !m)}
              aria-label={muted ? 'Unmute' : 'Mute'}
              className="flex h-11 w-11 items-center justify-center rounded-full bg-black/40 hover:bg-black/60"
            >
              {muted ? (
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
                  <path d="M11 5 6 9H3v6h3l5 4zM22 9l-6 6M16 9l6 6" />
                </svg>
              ) : (
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
                  <path d="M11 5 6 9H3v6h3l5 4zM15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14" />
                </svg>
              )}
            </button>
          </>
        )}
      </div>
    </section>
  );
}
