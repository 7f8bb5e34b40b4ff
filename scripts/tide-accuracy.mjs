// Compares the tides this site computes (@neaps/tide-predictor with @neaps/tide-database's harmonic
// constants, heights above the station's chart datum as src/conditions/conditions.service.ts gives them)
// with high waters published by the Bureau of Meteorology / Maritime Safety Queensland, as quoted in the
// sources of docs/conditions.md. `node scripts/tide-accuracy.mjs` prints one line per published tide.
import { stationsById } from '@neaps/tide-database';
import { createTidePredictor } from '@neaps/tide-predictor';

// [station id, published local time (ISO with the offset the source's clock kept) or a date only, metres, source]
const PUBLISHED = [
  ['ticon/sydney_fort_denison-60370-aus-bom', '2008-06-04T20:38+10:00', 2.08, 'maas.museum 2008-06-03'],
  ['ticon/sydney_fort_denison-60370-aus-bom', '2009-01-12', 2.05, 'governmentnews.com.au (OEH), king tide 12 Jan 2009'],
  ['ticon/sydney_fort_denison-60370-aus-bom', '2017-12-06', 2.01, 'australiancoastalsociety.org 2017-12-09'],
  ['ticon/brisbane_bar-59980-aus-bom', '2024-01-11T09:32+10:00', 2.63, 'brisbane.qld.gov.au (BoM Queensland tide tables)'],
  ['ticon/brisbane_bar-59980-aus-bom', '2024-01-12T10:18+10:00', 2.69, 'brisbane.qld.gov.au'],
  ['ticon/brisbane_bar-59980-aus-bom', '2024-01-13T11:03+10:00', 2.72, 'brisbane.qld.gov.au'],
  ['ticon/brisbane_bar-59980-aus-bom', '2024-01-14T11:48+10:00', 2.7, 'brisbane.qld.gov.au'],
  ['ticon/brisbane_bar-59980-aus-bom', '2024-01-15T12:32+10:00', 2.61, 'brisbane.qld.gov.au'],
  ['ticon/brisbane_bar-59980-aus-bom', '2014-07-13T20:30+10:00', 2.7, 'beachmere.blogspot.com 2014-07'],
  ['ticon/brisbane_bar-59980-aus-bom', '2018-07-13', 2.74, '1015fm.com.au 2018-07 (Minister, MSQ)'],
  ['ticon/townsville-334-aus-uhslc_fd', '2018-08-11T21:24+10:00', 3.97, '1015fm.com.au 2018-07 (Minister, MSQ)'],
  ['ticon/cairns-59060-aus-bom', '2018-08-11', 3.34, '1015fm.com.au 2018-07 (Minister, MSQ)'],
];

for (const [id, when, metres, source] of PUBLISHED) {
  const station = stationsById.get(id);
  if (!station) {
    console.log(`${id}: not in the database`);
    continue;
  }
  const predictor = createTidePredictor(station.harmonic_constituents);
  // As heightOffset in src/conditions/conditions.service.ts.
  const offset = (station.datums.MSL ?? 0) - Math.min(0, station.datums.LAT ?? 0);
  const timed = when.includes('T');
  const at = new Date(timed ? when : `${when}T00:00+10:00`);
  const start = new Date(at.getTime() - (timed ? 6 : 0) * 3_600_000);
  const end = new Date(at.getTime() + (timed ? 6 : 24) * 3_600_000);
  const highs = predictor.getExtremesPrediction({ start, end }).filter((turn) => turn.high);
  // The nearest high water to a published time; the day's highest for a date only.
  const best = timed ? highs.reduce((a, b) => (Math.abs(b.time - at) < Math.abs(a.time - at) ? b : a)) : highs.reduce((a, b) => (b.level > a.level ? b : a));
  const height = best.level + offset;
  const minutes = timed ? Math.round((best.time - at) / 60_000) : null;
  const local = new Date(best.time.getTime() + 10 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
  console.log(
    [
      station.name,
      when,
      `${metres.toFixed(2)} m`,
      `ours ${local} (UTC+10) ${height.toFixed(2)} m`,
      `time ${minutes === null ? 'n/a' : `${minutes > 0 ? '+' : ''}${minutes} min`}`,
      `height ${Math.round((height - metres) * 100) >= 0 ? '+' : ''}${Math.round((height - metres) * 100)} cm`,
      source,
    ].join(' | '),
  );
}
