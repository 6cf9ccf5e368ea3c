import type { CommandRequest } from '@sc/contract';
import { silentMp3 } from '@sc/contract/families/nsc/media';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createDevice, reportUntilShown } from './devices';
import { switchLanguage } from './harness';
import { describeFindings, inspectScreen } from './screen-checks';
import { devicesJourney, simulatedDevice } from './simulated-devices';

/**
 * The speakers' control center: two speakers answering as the simulator's model over MQTT are live on the
 * endpoint tab; a terminal group's volume reaches both; the operator's microphone (Chromium's fake
 * capture) is broadcast live to one speaker and a group holding the other: each speaker pulls the stream
 * from the server, measures it as the simulator does and reports level and delay, which the tab shows
 * under a second; stop ends both pulls; in both languages at 1366 px.
 */
const journey = devicesJourney();

const TYPE = 'nsc';
const SPEAKERS = [
  { name: '广场音柱', no: 'NSC-CC-01', equipmentId: 'EQCCNSC01', key1: 'nsc-cc-secret-1' },
  { name: '公园音柱', no: 'NSC-CC-02', equipmentId: 'EQCCNSC02', key1: 'nsc-cc-secret-2' },
];
const findings = async (page: Page, lang: 'zh_CN' | 'en_US') => describeFindings(await inspectScreen(page, lang));

/** A speaker as the simulator's model: answers every command with the model's handler and reports after. */
async function runSpeaker(speaker: (typeof SPEAKERS)[number], commands: CommandRequest[]) {
  return simulatedDevice(journey, TYPE, speaker, {
    commands,
    props: { volume: 60 },
    place: { lng: 120, lat: 30, offset: 0.5 },
    reportOnCommand: true,
    // Its readings, as a real speaker sends them (it says at once when what it plays changes).
    reportMs: 1000,
  });
}

describe('the speakers’ control center', () => {
  it('speakers live with a group’s volume, and the microphone broadcast live to a speaker and a group', async () => {
    const { page, api, projectId } = await journey.signedIn();
    const ids: number[] = [];
    for (const [i, speaker] of SPEAKERS.entries()) {
      const id = await createDevice(api, projectId, TYPE, 'nscitc', speaker, {
        mac: `00:1A:2B:3C:4D:6${i}`,
        ip: `10.1.2.${10 + i}`,
      });
      await api.post(`/api/pjts/${projectId}/iot/nsc/${id}/register`);
      ids.push(id);
    }
    const group = await api.post<{ id: number }>(`/api/pjts/${projectId}/iot/nsc/groups`, {
      name: '公园分组',
      no: 'NSCG-CC',
      deviceIds: String(ids[1]),
    });
    expect(group.id).toBeGreaterThan(0);
    const commands: CommandRequest[] = [];
    const speakers: Awaited<ReturnType<typeof runSpeaker>>[] = [];
    for (const speaker of SPEAKERS) speakers.push(await runSpeaker(speaker, commands));
    const reportAll = () => Promise.all(speakers.map((s) => s.report()));

    // ── Endpoint: both speakers live; the group's volume reaches its member, summed up in one message.
    await page.goto('/pjt/pjtnsccontrolcenter');
    await reportUntilShown(page.getByTestId('nsc-control-online').filter({ hasText: '在线 2/2' }), reportAll);
    await page.getByTestId('nsc-control-group').click();
    await page.locator('.ant-select-item-option', { hasText: '公园分组' }).click();
    await page.getByRole('spinbutton', { name: '音量' }).fill('35');
    await page.getByTestId('nsc-control-group-volume').click();
    await page.getByText('公园分组：1/1 个终端已执行').waitFor();
    expect(commands.find((c) => c.command === 'volume')?.args).toEqual({ volume: 35 });
    const park = page.getByTestId(`nsc-control-speaker-${ids[1]}`);
    await park.getByTestId('nsc-control-volume').filter({ hasText: /^35$/ }).waitFor();
    expect(await findings(page, 'zh_CN')).toEqual([]);
    await journey.h.screenshot(page, 'nsc-control-endpoint-zh');

    // ── Realtime broadcast: the microphone to the square's speaker and the park's group.
    await page.getByRole('tab', { name: '实时广播' }).click();
    const pick = async (select: string, option: string) => {
      await page.getByTestId(select).click();
      await page.locator('.ant-select-item-option:visible', { hasText: option }).first().click();
      await page.keyboard.press('Escape');
    };
    await pick('nsc-live-speakers', '广场音柱');
    await pick('nsc-live-groups', '公园分组');
    await page.getByTestId('nsc-live-start').click();
    await page.getByTestId('nsc-live-phase').filter({ hasText: '正在广播' }).waitFor();
    for (const id of ids) {
      const row = page.getByTestId(`nsc-live-row-${id}`);
      await row.getByText('正在接收').waitFor({ timeout: 15_000 });
      // The speaker measured the frames it pulled: the delay from capture in the page to its arrival.
      const delay = row.getByTestId('nsc-live-delay');
      await delay.waitFor({ timeout: 15_000 });
      // Under a second once it plays along (its first half second may still hold what waited for its pull).
      await expect
        .poll(async () => Number((await delay.textContent())?.replace(/\D/g, '')), { timeout: 10_000 })
        .toBeLessThan(1000);
    }
    // Frames keep arriving, and the meter moves with Chromium's tone.
    const received = page.getByTestId(`nsc-live-row-${ids[0]}`).getByTestId('nsc-live-received');
    const before = Number(await received.textContent());
    await expect.poll(async () => Number(await received.textContent()), { timeout: 10_000 }).toBeGreaterThan(before);
    await expect
      .poll(async () => Number(await page.getByTestId('nsc-live-mic-level').getAttribute('data-level')), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    // Each speaker told once (a command resent for a late reply keeps its id).
    expect(new Set(commands.filter((c) => c.command === 'live').map((c) => c.id)).size).toBe(2);
    expect(await findings(page, 'zh_CN')).toEqual([]);
    await journey.h.screenshot(page, 'nsc-control-live-zh');
    await page.getByTestId('nsc-live-stop').click();
    await page.getByTestId('nsc-live-phase').filter({ hasText: '未广播' }).waitFor();
    // Each speaker's pull ends with the broadcast: it no longer plays it.
    await expect.poll(() => speakers.every((s) => s.device.state.live === undefined), { timeout: 10_000 }).toBe(true);

    // ── Voice on demand: a task made for the square's speaker plays from the queue and ends by itself.
    const token = await page.evaluate(() => localStorage.getItem('sc.token'));
    const uploaded = await page.request.post(`/api/pjts/${projectId}/iot/nsc/media?token=${token}&lang=zh_CN`, {
      multipart: {
        name: '国歌',
        description: '',
        file: { name: 'anthem.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from(silentMp3(200)) },
      },
    });
    expect(uploaded.status()).toBe(200);
    const mediaId = ((await uploaded.json()) as { id: number }).id;
    const vod = await api.json<{ id: number }>(`/api/pjts/${projectId}/iot/nsc/vod`, {
      name: '午间通知',
      deviceIds: [ids[0]],
      groupIds: [],
      mediaIds: [mediaId],
      volume: 50,
      repeat: 1,
    });
    await page.getByRole('tab', { name: '语音点播' }).click();
    const vodRow = page.getByTestId(`nsc-vod-row-${vod.id}`);
    await vodRow.getByTestId('nsc-vod-state').filter({ hasText: '就绪' }).waitFor();
    await vodRow.getByTestId(`nsc-vod-play-${vod.id}`).click();
    await page.getByText('午间通知 启动成功').waitFor();
    expect(commands.find((c) => c.command === 'vod')?.args).toMatchObject({ vodId: vod.id, volume: 50, repeat: 1 });
    await vodRow.getByTestId('nsc-vod-state').filter({ hasText: '播放中' }).waitFor();
    expect(await findings(page, 'zh_CN')).toEqual([]);
    await journey.h.screenshot(page, 'nsc-control-vod-zh');
    // The file lasts about 5 s: the speaker says it ended, and the queue says so (spec 001 §8 "finished").
    await vodRow.getByTestId('nsc-vod-state').filter({ hasText: '已结束' }).waitFor({ timeout: 30_000 });
    await page.getByText('午间通知 已结束').waitFor();
    await page.getByRole('tab', { name: '点播任务' }).click();
    await page.locator('.ant-table-row:visible', { hasText: '午间通知' }).waitFor();
    expect(await findings(page, 'zh_CN')).toEqual([]);
    await journey.h.screenshot(page, 'nsc-control-vod-tasks-zh');

    // ── Timer broadcasts: a weekday timer on a speaker and the group, enabled from its row.
    const timer = await api.json<{ id: number }>(`/api/pjts/${projectId}/iot/nsc/timers`, {
      name: '早间播报',
      type: 'file',
      mode: 'week',
      weekdays: [1, 2, 3, 4, 5],
      startTime: '07:30:00',
      durationSeconds: 600,
      volume: 60,
      deviceIds: [ids[0]],
      groupIds: [group.id],
      mediaIds: [mediaId],
    });
    await page.getByRole('tab', { name: '定时广播' }).click();
    const timerRow = page.locator('.ant-table-row', { hasText: '早间播报' });
    await timerRow.getByTestId(`nsc-timer-${timer.id}-enable`).click();
    await page.getByText(/早间播报 已启用：2 个终端已收到/).waitFor();
    expect(new Set(commands.filter((c) => c.command === 'timers').map((c) => c.id)).size).toBe(2);
    await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 15_000 });
    await journey.h.screenshot(page, 'nsc-control-timers-zh');
    expect(await findings(page, 'zh_CN')).toEqual([]);
    await page.getByRole('tab', { name: '语音资源' }).click();
    await page.getByRole('button', { name: /上传 MP3/ }).waitFor();
    expect(await findings(page, 'zh_CN')).toEqual([]);
    await journey.h.screenshot(page, 'nsc-control-resources-zh');
    await page.getByRole('tab', { name: '定时广播' }).click();

    // ── English: the tabs.
    await switchLanguage(page, 'English');
    await page.locator('.ant-table-row', { hasText: '早间播报' }).getByText('Enabled').waitFor();
    await journey.h.screenshot(page, 'nsc-control-timers-en');
    expect(await findings(page, 'en_US')).toEqual([]);
    await page.getByRole('tab', { name: 'Realtime broadcast' }).click();
    expect(await findings(page, 'en_US')).toEqual([]);
    await journey.h.screenshot(page, 'nsc-control-live-en');
    await page.getByRole('tab', { name: 'Endpoint' }).click();
    await page.getByTestId('nsc-control-online').filter({ hasText: 'Online 2/2' }).waitFor();
    expect(await findings(page, 'en_US')).toEqual([]);
    await journey.h.screenshot(page, 'nsc-control-endpoint-en');
    await page.getByRole('tab', { name: 'Voice on demand' }).click();
    await page
      .getByTestId(`nsc-vod-row-${vod.id}`)
      .getByTestId('nsc-vod-state')
      .filter({ hasText: 'Finished' })
      .waitFor();
    expect(await findings(page, 'en_US')).toEqual([]);
    await journey.h.screenshot(page, 'nsc-control-vod-en');
    await page.getByRole('tab', { name: 'VOD tasks' }).click();
    await page.getByRole('tab', { name: 'VOD tasks', selected: true }).waitFor();
    await page.locator('.ant-table-row:visible', { hasText: '午间通知' }).waitFor();
    expect(await findings(page, 'en_US')).toEqual([]);
    await journey.h.screenshot(page, 'nsc-control-vod-tasks-en');
    await page.getByRole('tab', { name: 'Voice resources' }).click();
    await page.getByRole('button', { name: /Upload MP3/ }).waitFor();
    expect(await findings(page, 'en_US')).toEqual([]);
    await journey.h.screenshot(page, 'nsc-control-resources-en');
  }, 240_000);
});
