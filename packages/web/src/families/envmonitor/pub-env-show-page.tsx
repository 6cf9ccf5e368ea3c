import { AppstoreOutlined, CloudOutlined, SwapOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { ConfigProvider, Empty, Segmented, Spin, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatReading } from '../../components/format';
import { LanguageSwitch } from '../../components/language-switch';
import { formatTime, inSystemZone } from '../../components/time';
import { type PublicEntry, publicEnvApi, READING_KEYS, type ReadingKey, UNIT } from './api';
import './pub-env-show.css';

export const REFRESH_MS = 30_000;
const CYCLE_MS = 10_000;
type Mode = 'grid' | 'cycle';

/** Levels that colour a value on the big screen (good / moderate / poor), where a norm exists. */
const BANDS: Partial<Record<ReadingKey, [number, number]>> = {
  pm25: [35, 75],
  pm10: [50, 150],
  co2: [1000, 2000],
  noise: [55, 70],
  gas: [50, 200],
};
function band(key: ReadingKey, value: number | null | undefined): 'good' | 'moderate' | 'poor' | undefined {
  const limits = BANDS[key];
  if (!limits || value === null || value === undefined) return undefined;
  return value <= limits[0] ? 'good' : value <= limits[1] ? 'moderate' : 'poor';
}

/** The public monitors, then each one's last reading (no sign-in). */
async function loadPublic(): Promise<PublicEntry[]> {
  const pub = publicEnvApi();
  const devices = await pub.publicDevices({}, { silent: true });
  return Promise.all(
    devices.map((device) =>
      pub.publicLast({ id: device.id, n: 1 }, { silent: true }).catch(() => ({ device, readings: [] })),
    ),
  );
}

/** Monitors per page, so that one page fits the screen without scrolling (1366 × 768: 3 × 2). */
export function pageShape(width: number, height: number): { cols: number; rows: number } {
  const cols = width >= 1800 ? 4 : width >= 1200 ? 3 : width >= 760 ? 2 : 1;
  const rows = height >= 1000 ? 3 : height >= 620 ? 2 : 1;
  return { cols, rows };
}

function usePageShape() {
  const [shape, setShape] = useState(() => pageShape(window.innerWidth, window.innerHeight));
  useEffect(() => {
    const onResize = () => setShape(pageShape(window.innerWidth, window.innerHeight));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return shape;
}

function useNow(intervalMs = 1000) {
  const [now, setNow] = useState(() => inSystemZone());
  useEffect(() => {
    const timer = setInterval(() => setNow(inSystemZone()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * /pubenvshow (spec 000 §2): the public environment display, a dark large screen outside the frame. It
 * fits one screen: the monitors in pages that turn every 10 s (as many per page as the screen holds),
 * or one monitor at a time.
 */
export default function PubEnvShowPage() {
  const { t } = useTranslation();
  const now = useNow();
  const [mode, setMode] = useState<Mode>('grid');
  const [index, setIndex] = useState(0);
  const [pageIndex, setPageIndex] = useState(0);
  const { cols, rows } = usePageShape();
  const data = useQuery({
    queryKey: ['pub', 'env'],
    queryFn: loadPublic,
    refetchInterval: REFRESH_MS,
    refetchIntervalInBackground: true,
    retry: false,
  });
  const entries = data.data ?? [];

  useEffect(() => {
    document.title = t('envmonitors.pub.title');
  }, [t]);
  useEffect(() => {
    if (mode !== 'cycle' || entries.length < 2) return;
    const timer = setInterval(() => setIndex((i) => i + 1), CYCLE_MS);
    return () => clearInterval(timer);
  }, [mode, entries.length]);

  const perPage = cols * rows;
  const pages = Math.max(1, Math.ceil(entries.length / perPage));
  useEffect(() => {
    if (mode !== 'grid' || pages < 2) return;
    const timer = setInterval(() => setPageIndex((i) => i + 1), CYCLE_MS);
    return () => clearInterval(timer);
  }, [mode, pages]);
  const page = pageIndex % pages;

  const single = mode === 'cycle' || entries.length === 1;
  const shown =
    mode === 'cycle' && entries.length > 0
      ? [entries[index % entries.length]!]
      : entries.slice(page * perPage, (page + 1) * perPage);

  return (
    // The dark screen's own theme, not the console's: its text colours are made for white pages.
    <ConfigProvider theme={{ inherit: false, algorithm: theme.darkAlgorithm, token: { colorPrimary: '#fa8c16' } }}>
      <div className="pub-env" data-testid="pub-env">
        <header className="pub-env-header">
          <div className="pub-env-title">
            <CloudOutlined />
            <h1>{t('envmonitors.pub.title')}</h1>
          </div>
          <div className="pub-env-clock" data-testid="pub-env-clock">
            <span className="pub-env-time">{now.format('HH:mm:ss')}</span>
            <span className="pub-env-date">{now.format('YYYY-MM-DD dddd')}</span>
          </div>
          <div className="pub-env-tools">
            {entries.length > 1 && (
              <Segmented<Mode>
                value={mode}
                onChange={setMode}
                options={[
                  { value: 'grid', label: t('envmonitors.pub.grid'), icon: <AppstoreOutlined /> },
                  { value: 'cycle', label: t('envmonitors.pub.cycle'), icon: <SwapOutlined /> },
                ]}
              />
            )}
            <LanguageSwitch type="default" />
          </div>
        </header>
        <main className="pub-env-main">
          {data.isLoading ? (
            <div className="pub-env-center">
              <Spin size="large" />
            </div>
          ) : entries.length === 0 ? (
            <div className="pub-env-center" data-testid="pub-env-none">
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  <>
                    <div className="pub-env-none">
                      {data.isError ? t('envmonitors.pub.loadFailed') : t('envmonitors.pub.none')}
                    </div>
                    {!data.isError && <div className="pub-env-none-hint">{t('envmonitors.pub.noneHint')}</div>}
                  </>
                }
              />
            </div>
          ) : (
            <div
              className={`pub-env-grid ${single ? 'pub-env-single' : 'pub-env-paged'}`}
              style={
                single
                  ? undefined
                  : {
                      gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`,
                      gridTemplateRows: `repeat(${rows}, minmax(0, 1fr))`,
                    }
              }
              data-testid="pub-env-grid"
            >
              {shown.map((entry) => (
                <Monitor key={entry.device.id} entry={entry} />
              ))}
            </div>
          )}
        </main>
        <footer className="pub-env-footer">
          <span>
            {entries.length > 0 && t('envmonitors.pub.count', { count: entries.length })}
            {mode === 'grid' && pages > 1 && (
              <span data-testid="pub-env-page"> · {t('envmonitors.pub.page', { page: page + 1, pages })}</span>
            )}
          </span>
          <span>
            {data.dataUpdatedAt > 0 &&
              t('envmonitors.pub.refreshed', { time: inSystemZone(data.dataUpdatedAt).format('HH:mm:ss') })}
          </span>
        </footer>
      </div>
    </ConfigProvider>
  );
}

function Monitor({ entry }: { entry: PublicEntry }) {
  const { t } = useTranslation();
  const reading = entry.readings[0];
  const online = entry.device.activeState === 1;
  return (
    <section className="pub-env-monitor" data-testid={`pub-env-monitor-${entry.device.id}`}>
      <div className="pub-env-monitor-head">
        <h2>{entry.device.name}</h2>
        <span className={`pub-env-state ${online ? 'on' : 'off'}`}>
          {t(`enums.active_${entry.device.activeState}`)}
        </span>
      </div>
      {reading ? (
        <>
          <div className="pub-env-readings">
            {READING_KEYS.filter((key) => reading[key] !== null && reading[key] !== undefined).map((key) => (
              <div key={key} className={`pub-env-reading ${band(key, reading[key]) ?? ''}`} data-reading={key}>
                <div className="pub-env-label">{t(`envmonitors.readings.${key}`)}</div>
                <div className="pub-env-value">
                  {formatReading(reading[key])}
                  {UNIT[key] ? <span className="pub-env-unit">{`\u00a0${UNIT[key]}`}</span> : null}
                </div>
              </div>
            ))}
          </div>
          <div className="pub-env-at">
            {t('envmonitors.readings.at')}: {formatTime(reading.at)}
          </div>
        </>
      ) : (
        <div className="pub-env-center">{t('envmonitors.noReading')}</div>
      )}
    </section>
  );
}
