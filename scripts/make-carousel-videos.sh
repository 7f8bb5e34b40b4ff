#!/usr/bin/env bash
# Makes the home carousel's seeded loop videos from the poster illustrations in public/media, so the
# hero plays offline with no third-party footage. Each video is a slow, seamless push-in and sway over
# its poster (the first frame equals the last, so the carousel's single-slide loop has no jump).
# Needs ffmpeg built with librsvg and libx264 (Debian: apt-get install ffmpeg). Run from the repo root:
#   bash scripts/make-carousel-videos.sh
set -euo pipefail
cd "$(dirname "$0")/.."

FPS=25
SECONDS_LONG=8
FRAMES=$((FPS * SECONDS_LONG))
OUT=public/media/video
mkdir -p "$OUT"

for name in wreck shark reef diver; do
  ffmpeg -hide_banner -loglevel error -y \
    -i "public/media/poster-$name.svg" \
    -filter_complex "[0:v]scale=6400:3600:flags=lanczos,format=yuv420p,
      zoompan=z='1.06-0.06*cos(2*PI*on/$FRAMES)':x='iw/2-(iw/zoom/2)+60*sin(2*PI*on/$FRAMES)':y='ih/2-(ih/zoom/2)':d=$FRAMES:s=1280x720:fps=$FPS,
      eq=brightness='0.015*sin(2*PI*t/4)':eval=frame[v]" \
    -map '[v]' -frames:v "$FRAMES" -c:v libx264 -preset slow -crf 28 -profile:v high -pix_fmt yuv420p -movflags +faststart -an \
    "$OUT/$name-loop.mp4"
  echo "$OUT/$name-loop.mp4 $(stat -c %s "$OUT/$name-loop.mp4") bytes"
done
