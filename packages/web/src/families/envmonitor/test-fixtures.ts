import type { EnvEntry, EnvReading } from './api';
import { readingOf } from './api';

/** Two monitors of project 2: one with a reading, one silent. */
export const ENTRIES: EnvEntry[] = [
  {
    device: {
      id: 11,
      name: '东门监测',
      no: 'E-01',
      activeState: 1,
      lastActiveAt: '2026-05-01T08:00:00Z',
      registered: true,
      public: true,
      lng: null,
      lat: null,
    },
    readings: [
      readingOf(
        { temperature: 21.5, humidity: 40, pm25: 12, pm10: 30, noise: 48 },
        '2026-05-01T08:00:00Z',
      ) as EnvReading,
    ],
  },
  {
    device: {
      id: 12,
      name: '西门监测',
      no: 'E-02',
      activeState: 0,
      lastActiveAt: null,
      registered: false,
      public: false,
      lng: null,
      lat: null,
    },
    readings: [],
  },
];
