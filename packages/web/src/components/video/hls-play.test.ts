import Hls from 'hls.js';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { PLAYER_ERRORS, playerErrorOf, playerErrorText, playHls } from './hls-play';

const fatal = (type: string, details: string, code?: number) =>
  ({ type, details, response: code === undefined ? undefined : { code, text: '' } }) as Parameters<
    typeof playerErrorOf
  >[0];

describe('the player errors (spec 000 §8)', () => {
  it('name what hls.js reports', () => {
    const { NETWORK_ERROR, MEDIA_ERROR, OTHER_ERROR } = Hls.ErrorTypes;
    const { LEVEL_LOAD_ERROR, MANIFEST_LOAD_ERROR, FRAG_LOAD_ERROR, BUFFER_APPEND_ERROR, MANIFEST_PARSING_ERROR } =
      Hls.ErrorDetails;
    expect(playerErrorOf(fatal(NETWORK_ERROR, LEVEL_LOAD_ERROR, 404))).toBe('ended');
    expect(playerErrorOf(fatal(NETWORK_ERROR, MANIFEST_LOAD_ERROR, 404))).toBe('notFound');
    expect(playerErrorOf(fatal(NETWORK_ERROR, FRAG_LOAD_ERROR, 410))).toBe('notFound');
    expect(playerErrorOf(fatal(NETWORK_ERROR, MANIFEST_LOAD_ERROR, 0))).toBe('crossDomain');
    expect(playerErrorOf(fatal(NETWORK_ERROR, FRAG_LOAD_ERROR, 500))).toBe('network');
    expect(playerErrorOf(fatal(MEDIA_ERROR, BUFFER_APPEND_ERROR))).toBe('coding');
    expect(playerErrorOf(fatal(OTHER_ERROR, MANIFEST_PARSING_ERROR))).toBe('source');
  });

  it('are said in both languages, each its own words', () => {
    const zh = i18n.getFixedT('zh_CN');
    const en = i18n.getFixedT('en_US');
    expect(playerErrorText(zh, 'notSupported')).toBe('浏览器不支持播放该视频');
    expect(playerErrorText(en, 'notSupported')).toBe('This browser cannot play the video');
    expect(playerErrorText(zh, 'ended')).toBe('直播已结束');
    expect(playerErrorText(en, 'crossDomain')).toBe('Cross-domain error: the video cannot be loaded');
    for (const t of [zh, en]) {
      const words = PLAYER_ERRORS.map((e) => playerErrorText(t, e));
      expect(new Set(words).size).toBe(PLAYER_ERRORS.length);
      for (const w of words) expect(w).not.toMatch(/^video\./);
    }
  });

  it('come without hls.js when there is nothing to play or no Media Source Extensions (jsdom has none)', () => {
    const told: string[] = [];
    const media = document.createElement('video');
    playHls(media, null, { onError: (e) => told.push(e) })();
    playHls(media, '/index.m3u8', { onError: (e) => told.push(e) })();
    expect(told).toEqual(['notFound', 'notSupported']);
  });
});
