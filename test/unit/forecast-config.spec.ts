import { loadConfig } from 'src/config/app.config';

const base = { DATA_DIR: '/tmp', SESSION_SECRET: 'x'.repeat(40) };

describe('the forecast settings (issue 46)', () => {
  it('is on by default outside tests, against Open-Meteo every 3 hours, with no key', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).forecast).toEqual({
      marineUrl: 'https://marine-api.open-meteo.com/v1/marine',
      weatherUrl: 'https://api.open-meteo.com/v1/forecast',
      apiKey: null,
      intervalHours: 3,
    });
  });

  it.each([
    ['FORECAST=off', { NODE_ENV: 'production', FORECAST: 'off' }],
    ['an interval of 0', { NODE_ENV: 'production', FORECAST_INTERVAL_HOURS: '0' }],
    ['NODE_ENV=test', { NODE_ENV: 'test' }],
  ])('is off with %s', (_, env) => expect(loadConfig({ ...base, ...env }).forecast).toBeNull());

  it('takes its URLs, key and interval from the environment, and is turned on under test by FORECAST=on', () => {
    const config = loadConfig({
      ...base,
      NODE_ENV: 'test',
      FORECAST: 'on',
      FORECAST_MARINE_URL: 'https://marine.example/v1/marine',
      FORECAST_WEATHER_URL: 'https://weather.example/v1/forecast',
      FORECAST_API_KEY: 'abcdef123456',
      FORECAST_INTERVAL_HOURS: '6',
    });
    expect(config.forecast).toEqual({
      marineUrl: 'https://marine.example/v1/marine',
      weatherUrl: 'https://weather.example/v1/forecast',
      apiKey: 'abcdef123456',
      intervalHours: 6,
    });
  });

  it.each([
    ['FORECAST', 'maybe', 'Invalid environment variable FORECAST: expected one of on, off, got "maybe"'],
    ['FORECAST_INTERVAL_HOURS', '2.5', 'Invalid environment variable FORECAST_INTERVAL_HOURS: expected a whole number, got "2.5"'],
    ['FORECAST_INTERVAL_HOURS', '200', 'Invalid environment variable FORECAST_INTERVAL_HOURS: expected 0 to 168, got 200'],
    ['FORECAST_MARINE_URL', 'ftp://x.example/', 'Invalid environment variable FORECAST_MARINE_URL: expected a http: or https: URL, got "ftp:"'],
    ['FORECAST_API_KEY', 'has spaces in it', 'Invalid environment variable FORECAST_API_KEY: expected 8 to 128 letters, digits, dashes or underscores'],
  ])('refuses %s=%s at start', (name, value, message) => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', [name]: value })).toThrow(message);
  });
});
