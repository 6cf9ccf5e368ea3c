/**
 * Daily curves of the simulated city, in local solar time at the device's longitude (so they do not
 * depend on the machine's time zone). Each takes the time and a per-device offset in [0, 1) so that
 * neighbours differ a little; noise comes from `jitter`. Values stay inside their reading's range
 * (ENV_READINGS) whatever the inputs.
 */
const DAY_MS = 86_400_000;
const rad = Math.PI / 180;

export const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));
export const round = (v: number, digits = 1) => {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};
/** Symmetric noise in [-amplitude, amplitude]. */
export const jitter = (amplitude: number, random: () => number = Math.random) => (random() * 2 - 1) * amplitude;

/** Local solar hour of day, 0-24. */
export function solarHour(at: Date, lng: number): number {
  const h = ((at.getTime() % DAY_MS) / 3_600_000 + lng / 15) % 24;
  return h < 0 ? h + 24 : h;
}

export function dayOfYear(at: Date): number {
  const start = Date.UTC(at.getUTCFullYear(), 0, 1);
  return Math.floor((at.getTime() - start) / DAY_MS) + 1;
}

/** Sun elevation in degrees (simple declination and hour-angle model; good to a degree or two). */
export function sunElevation(at: Date, lng: number, lat: number): number {
  const declination = -23.44 * Math.cos((360 / 365) * (dayOfYear(at) + 10) * rad);
  const hourAngle = (solarHour(at, lng) - 12) * 15;
  const sin =
    Math.sin(lat * rad) * Math.sin(declination * rad) +
    Math.cos(lat * rad) * Math.cos(declination * rad) * Math.cos(hourAngle * rad);
  return Math.asin(clamp(sin, -1, 1)) / rad;
}

/** A bump around `hour` (Gaussian, width in hours), wrapping over midnight. */
function bump(hour: number, centre: number, width: number): number {
  let d = Math.abs(hour - centre);
  if (d > 12) d = 24 - d;
  return Math.exp(-(d * d) / (2 * width * width));
}

/** Seasonal mean temperature (°C) for a mid-latitude city: coldest mid-January. */
const seasonalMean = (at: Date) => 16 - 12 * Math.cos(((dayOfYear(at) - 20) / 365) * 2 * Math.PI);

export interface Place {
  lng: number;
  lat: number;
  /** Per-device offset in [0, 1). */
  offset: number;
}

/** Every environment reading at `at`, within its range. */
export function environment(at: Date, place: Place, random: () => number = Math.random): Record<string, number> {
  const hour = solarHour(at, place.lng);
  const o = place.offset;
  // Temperature: a sine over the day, warmest around 15:00, coolest before dawn.
  const temperature =
    seasonalMean(at) + 5 * Math.sin(((hour - 9) / 24) * 2 * Math.PI) + (o - 0.5) * 1.5 + jitter(0.3, random);
  // Humidity: inverse of temperature over the day.
  const humidity = 62 - 18 * Math.sin(((hour - 9) / 24) * 2 * Math.PI) + (o - 0.5) * 8 + jitter(2, random);
  // Particles: traffic peaks in the morning (08:00) and evening (18:30).
  const traffic = bump(hour, 8, 1.3) + 0.85 * bump(hour, 18.5, 1.6);
  const pm25 = 28 + 70 * traffic + o * 25 + jitter(4, random);
  const pm10 = pm25 * (1.55 + 0.2 * o) + jitter(5, random);
  // Noise: quiet at night, louder by day, with the rush hours on top.
  const daytime = bump(hour, 14, 4.5);
  const noise = 42 + 18 * daytime + 6 * traffic + jitter(3, random);
  // Light by sun elevation (clear sky about 100 klux at zenith), street light at night.
  const elevation = sunElevation(at, place.lng, place.lat);
  const cloud = 0.55 + 0.45 * (0.5 + 0.5 * Math.sin(at.getTime() / 5_400_000 + o * 10));
  const light = elevation > 0 ? 110_000 * Math.sin(elevation * rad) ** 1.15 * cloud : Math.max(0, 10 + elevation * 1.5);
  const co2 = 415 + 90 * traffic + 40 * (1 - daytime) + o * 30 + jitter(8, random);
  const gas = 0.6 + 2.5 * traffic + o + jitter(0.2, random);
  // Pressure: around 101.3 kPa, a slow wave over days and a small daily tide.
  const atmosphere =
    101.3 +
    0.8 * Math.sin(at.getTime() / (3.1 * DAY_MS) + o * 6) +
    0.1 * Math.sin((hour / 12) * Math.PI) +
    jitter(0.02, random);
  // Soil: lags and damps the air.
  const soilTemperature =
    seasonalMean(at) + 2 * Math.sin(((hour - 12) / 24) * 2 * Math.PI) + (o - 0.5) + jitter(0.1, random);
  const soilHumidity = 32 + 10 * o - 3 * daytime + jitter(0.5, random);
  return {
    temperature: round(clamp(temperature, -40, 80)),
    humidity: round(clamp(humidity, 0, 100)),
    pm25: Math.round(clamp(pm25, 0, 1000)),
    pm10: Math.round(clamp(pm10, 0, 2000)),
    soilTemperature: round(clamp(soilTemperature, -40, 80)),
    soilHumidity: round(clamp(soilHumidity, 0, 100)),
    co2: Math.round(clamp(co2, 0, 10_000)),
    gas: round(clamp(gas, 0, 1000), 2),
    light: Math.round(clamp(light, 0, 200_000)),
    atmosphere: round(clamp(atmosphere, 30, 120), 2),
    noise: round(clamp(noise, 0, 150)),
  };
}

/** Street lights: on at dusk (sun below 1°), off at dawn. */
export const lampsOn = (at: Date, place: Place) => sunElevation(at, place.lng, place.lat) < 1 - place.offset * 2;

/** Share of the city's lamp load at `at` (0-1), for meters: evenings and nights. */
export function lightingLoad(at: Date, place: Place): number {
  return lampsOn(at, place) ? 0.9 : 0.15;
}
