import { renderToStaticMarkup } from 'react-dom/server';
import { FORECAST_ATTRIBUTION, type ConditionsResponse } from 'core/api/conditions';
import { dayOutlook, OUTLOOK_DISCLAIMER } from 'core/outlook/rules';
import { ForecastOutlook } from 'views/components/ForecastOutlook';

const site = { skillLevel: 'Intermediate', access: 'boat', swellExposure: ['NE', 'E', 'SE'], onshoreWinds: ['NE', 'E', 'SE'] } as const;
const day = {
  date: '2026-11-28',
  swell: { heightM: 1.8, periodS: 11, directionDeg: 135 },
  secondarySwell: null,
  waves: { heightM: 2.1, periodS: 9, directionDeg: 135 },
  wind: { speedKmh: 30, gustKmh: 41, directionDeg: 315 },
  seaTempC: 21.4,
};
const conditions = (over: Partial<ConditionsResponse> = {}): ConditionsResponse => ({
  siteId: 1,
  cell: { key: '-115:614', latitude: -28.6, longitude: 153.6 },
  fetchedAt: '2026-11-28T01:00:00.000Z',
  ageMinutes: 190,
  age: '3 hours',
  stale: false,
  lastError: null,
  exposure: { profiled: true, swellExposure: [...site.swellExposure], onshoreWinds: [...site.onshoreWinds] },
  days: [
    { ...day, outlook: dayOutlook(site, day) },
    { ...day, date: '2026-11-29', swell: null, wind: null, outlook: dayOutlook(site, { ...day, swell: null, waves: null, wind: null }) },
  ],
  disclaimer: OUTLOOK_DISCLAIMER,
  attribution: { ...FORECAST_ATTRIBUTION },
  ...over,
});

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe('ForecastOutlook (issue 46)', () => {
  it('shows each day with its swell, wind, sea temperature, badge and reasons, the age and the disclaimer', () => {
    const shown = text(renderToStaticMarkup(<ForecastOutlook conditions={conditions()} />));
    expect(shown).toContain('Forecast fetched 3 hours ago.');
    expect(shown).toContain('Today Fair');
    expect(shown).toContain('Swell 1.8 m south-east at 11 s');
    expect(shown).toContain('Wind north-west 30 km/h, gusts 41 km/h');
    expect(shown).toContain('Sea temperature 21.4 °C');
    expect(shown).toContain('1.8 m south-east swell at 11 s reaches this east-facing site');
    expect(shown).toContain('north-west wind 30 km/h, offshore here');
    expect(shown).toContain('Sun, 29 Nov Not judged');
    expect(shown).toContain('Could not judge the swell: the forecast has none for this day; the wind: the forecast has none for this day.');
    expect(shown).toContain('A model, not an observation: check with a local operator');
    expect(shown).toContain('Weather data by Open-Meteo.com (CC BY 4.0)');
  });

  it('says when the forecast is stale, when there is none yet, and when the site is not profiled', () => {
    expect(text(renderToStaticMarkup(<ForecastOutlook conditions={conditions({ stale: true, age: '9 hours' })} />))).toContain(
      'Forecast fetched 9 hours ago: the provider has not answered since, so it may be out of date.',
    );
    const none = text(
      renderToStaticMarkup(
        <ForecastOutlook
          conditions={conditions({ days: [], fetchedAt: null, age: null, exposure: { profiled: false, swellExposure: null, onshoreWinds: null } })}
        />,
      ),
    );
    expect(none).toContain('No forecast has been fetched for this site yet.');
    expect(none).toContain("This site's exposure to swell and wind is not profiled yet.");
    expect(none).toContain('A model, not an observation: check with a local operator');
  });
});
