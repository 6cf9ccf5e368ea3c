import { type CommandRequest, commandTopic } from '@sc/contract';
import { silentMp3 } from '@sc/contract/families/nsc/media';
import { familySim } from '@sc/simulator';
import type { MqttClient } from 'mqtt';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, connectDevice, createDevice, publishUp, reportUntilShown, rootProjectId } from './devices';
import { type Harness, signIn, startHarness, switchLanguage } from './harness';
import { describeFindings, inspectScreen } from './screen-checks';

/**
 * Network speakers: a speaker answering as the simulator's model over MQTT is online in the list with
 * its volume and what it plays; a volume set from its row reaches it and comes back in its report; an
 * mp3 is uploaded (its duration read by the server's decoder) while a text file named .mp3 is refused
 * with the reason; a media group and a terminal group are made; a timed task starting at the next minute
 * is made (no conflict), checked and started, and the speaker, running it on its own clock, plays it as
 * the audio entry shows; the task list, its week and editor; in both languages at 1366 px.
 */
let h: Harness;
let client: MqttClient | undefined;
beforeAll(async () => {
  h = await startHarness({ mqtt: true });
});
afterAll(async () => {
  await client?.endAsync(true).catch(() => undefined);
  const errors = h?.pageErrors() ?? [];
  await h?.stop();
  expect(errors).toEqual([]);
});

const SPEAKER = { name: '广场音柱', no: 'NSC-E2E-01', equipmentId: 'EQE2ENSC01', key1: 'nsc-secret-1' };
const TYPE = 'nsc';
const sim = familySim(TYPE);

const findings = async (page: Page, lang: 'zh_CN' | 'en_US') => describeFindings(await inspectScreen(page, lang));
/** The first table on the screen scrolls sideways only when its content is wider than the table itself. */
const scrollsSideways = (page: Page) =>
  page
    .locator('.ant-table-content, .ant-table-body')
    .first()
    .evaluate((el) => el.scrollWidth > el.clientWidth + 1);

describe('network speakers in the console', () => {
  it('a speaker live with its volume; an mp3 uploaded, a media group and a terminal group made', async () => {
    const page = await h.newPage();
    await page.goto('/index');
    await signIn(page);
    await page.waitForURL('**/man/manmain');
    const api = await apiOf(page);
    const projectId = await rootProjectId(api);
    const id = await createDevice(api, projectId, TYPE, 'nscitc', SPEAKER, {
      mac: '00:1A:2B:3C:4D:5E',
      ip: '10.1.2.3',
      props: JSON.stringify({ terminalId: 'T-0001' }),
    });
    await api.post(`/api/pjts/${projectId}/iot/nsc/${id}/register`);

    // The speaker is the simulator's model, at noon of its place (its programme plays the noon chime).
    const device = {
      equipmentId: SPEAKER.equipmentId,
      type: TYPE,
      plan: { props: { volume: 60 } },
      place: { lng: 120, lat: 30, offset: 0.5 },
      state: {} as Record<string, unknown>,
    } as unknown as Parameters<NonNullable<typeof sim.init>>[0];
    sim.init!(device);
    // The first minute of today at which its programme plays the noon chime.
    const midnight = new Date();
    midnight.setUTCHours(0, 0, 0, 0);
    const noon = new Date(midnight);
    while (sim.telemetry!(device, noon)!.playing !== 'Noon chime') noon.setTime(noon.getTime() + 60_000);
    // The speaker's own clock: noon of its place, until the timed task plays on the real one.
    let clock = () => noon;
    client = await connectDevice(h, SPEAKER);
    const speaker = client;
    const publish = (kind: 'telemetry' | 'heartbeat' | 'reply', body: unknown) =>
      publishUp(speaker, SPEAKER.equipmentId, kind, body);
    const report = () => publish('telemetry', { ts: Date.now(), values: sim.telemetry!(device, clock()) });
    const commands: CommandRequest[] = [];
    await speaker.subscribeAsync(commandTopic(SPEAKER.equipmentId), { qos: 1 });
    speaker.on('message', async (_topic, payload) => {
      const request = JSON.parse(payload.toString()) as CommandRequest;
      commands.push(request);
      const handler = sim.commands?.[request.command];
      const outcome = handler
        ? await handler(device, request.args, { now: clock(), report: () => null, reboot: () => {}, children: [] })
        : { ok: true };
      await report();
      await publish('reply', { id: request.id, ...outcome });
    });
    await publish('heartbeat', {});
    await report();

    // ── Speakers: online, its volume and the noon chime, live; a volume set from the row comes back.
    await page.goto('/pjt/pjtdevicensclist');
    const row = page.locator('.ant-table-row', { hasText: SPEAKER.name });
    await reportUntilShown(row.getByTestId('nsc-volume').filter({ hasText: /^60$/ }), report);
    await row.locator('[data-state="1"]').waitFor();
    await row.getByTestId('nsc-playing').filter({ hasText: 'Noon chime' }).waitFor();
    await row.getByTestId(`nsc-volume-${id}`).click();
    const volume = page.getByRole('spinbutton', { name: '音量' });
    await volume.fill('35');
    await page.getByTestId('nsc-volume-send').click();
    // The speaker's report after the command brings the new volume to the row.
    await row.getByTestId('nsc-volume').filter({ hasText: /^35$/ }).waitFor({ timeout: 30_000 });
    expect(commands.find((c) => c.command === 'volume')?.args).toEqual({ volume: 35 });
    await page.mouse.click(5, 400);
    await h.screenshot(page, 'nsc-list-zh');
    expect(await scrollsSideways(page)).toBe(false);
    expect(await findings(page, 'zh_CN')).toEqual([]);

    // ── Media: a text file named .mp3 is refused by the server with the reason; a real mp3 is stored.
    await page.goto('/pjt/pjtnscmediagroup');
    await page.getByRole('button', { name: /上传 MP3/ }).click();
    let dialog = page.getByRole('dialog');
    const file = dialog.locator('input[type="file"]');
    await file.setInputFiles({
      name: 'notice.mp3',
      mimeType: 'audio/mpeg',
      buffer: Buffer.from('not audio, only words '.repeat(50)),
    });
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.getByText('文件不是有效的 MP3 音频').first().waitFor();
    await file.setInputFiles({ name: 'anthem.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from(silentMp3(200)) });
    await dialog.getByRole('textbox', { name: '名称' }).fill('国歌');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('国歌 已上传，时长 0:05').waitFor();
    const media = page.locator('.ant-table-row', { hasText: 'anthem.mp3' });
    expect(await media.getByTestId('nsc-media-duration').textContent()).toBe('0:05');

    // A media group holding it.
    await page
      .getByRole('button', { name: /新\s*建|新增|创建/ })
      .last()
      .click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('spinbutton').fill('101');
    await dialog.getByRole('textbox', { name: '名称' }).fill('升旗仪式');
    // The media options are read again after the upload: picked once they list it.
    const order = dialog.getByTestId('nsc-media-order').getByText('1. 国歌');
    for (let attempt = 0; attempt < 3 && !(await order.isVisible()); attempt++) {
      await dialog.getByRole('combobox').click();
      await page.locator('.ant-select-item-option', { hasText: '国歌 (0:05)' }).click();
      await order.waitFor({ timeout: 3000 }).catch(() => undefined);
    }
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page
      .locator('.ant-table-row', { hasText: '升旗仪式' })
      .getByTestId('nsc-group-media')
      .filter({ hasText: '国歌' })
      .waitFor();
    expect(await findings(page, 'zh_CN')).toEqual([]);
    await h.screenshot(page, 'nsc-media-zh');

    // ── Terminal groups: the speaker picked from the list.
    await page.goto('/pjt/pjtdevicenscgroup');
    await page.getByRole('button', { name: /新\s*建|新增|创建/ }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: '名称' }).fill('东门广场');
    await dialog.getByRole('textbox', { name: '编号' }).fill('NSCG01');
    await dialog.getByRole('combobox').click();
    await page.locator('.ant-select-item-option', { hasText: SPEAKER.name }).click();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.locator('.ant-table-row', { hasText: 'NSCG01' }).getByText('1 个终端').waitFor();
    expect(await findings(page, 'zh_CN')).toEqual([]);
    await h.screenshot(page, 'nsc-groups-zh');

    // ── Timed task: at the next minute (UTC+8, the system timezone) at least 30 s away, for a minute, on
    // the terminal group with the media group; checked and started, the speaker plays it on its own clock.
    const startAt = new Date(Math.ceil((Date.now() + 30_000) / 60_000) * 60_000);
    const local = new Date(startAt.getTime() + 8 * 3_600_000);
    const hhmm = `${String(local.getUTCHours()).padStart(2, '0')}:${String(local.getUTCMinutes()).padStart(2, '0')}`;
    await page.goto('/pjt/pjtnsctasklist');
    await page.getByTestId('nsc-task-create').click();
    await page.getByTestId('nsc-task-name').fill('早间广播');
    await page.getByTestId('nsc-task-no').fill('NSCT01');
    const startInput = page
      .locator('[data-testid="nsc-task-start"] input, input[data-testid="nsc-task-start"]')
      .first();
    await startInput.click();
    await startInput.fill(hhmm);
    await startInput.press('Enter');
    const duration = page
      .locator('[data-testid="nsc-task-duration"] input, input[data-testid="nsc-task-duration"]')
      .first();
    await duration.fill('60');
    const pick = async (select: string, option: string) => {
      await page.getByTestId(select).click();
      await page.locator('.ant-select-item-option', { hasText: option }).click();
      await page.keyboard.press('Escape');
    };
    await pick('nsc-task-groups', '东门广场');
    await pick('nsc-task-media-groups', '升旗仪式');
    await page.getByTestId('nsc-task-conflicts').getByText('与其他定时任务没有冲突').waitFor();
    expect(await findings(page, 'zh_CN')).toEqual([]);
    await h.screenshot(page, 'nsc-task-editor-zh');
    await page.getByTestId('nsc-task-save').click();
    const taskRow = page.locator('.ant-table-row', { hasText: '早间广播' });
    await taskRow.getByTestId('nsc-task-state').filter({ hasText: '编辑中' }).waitFor();
    await taskRow.getByRole('button', { name: /审\s*核/ }).click();
    await taskRow.getByTestId('nsc-task-state').filter({ hasText: '已审核' }).waitFor();
    // The speaker's clock runs from just past the start time: it plays the task now, not in up to a minute.
    const ahead = startAt.getTime() + 1000 - Date.now();
    clock = () => new Date(Date.now() + Math.max(0, ahead));
    await taskRow.getByRole('button', { name: /启\s*动/ }).click();
    await taskRow.getByTestId('nsc-task-running').waitFor();
    await page.getByText('早间广播 已启动：1 个终端已收到，0 个终端上线后补发').waitFor();
    expect(commands.find((c) => c.command === 'task')?.args).toMatchObject({
      startTime: hhmm,
      durationSeconds: 60,
      media: [{ name: '国歌' }],
    });
    expect(await findings(page, 'zh_CN')).toEqual([]);
    await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 15_000 });
    await h.screenshot(page, 'nsc-tasks-zh');
    await page.getByRole('tab', { name: '周视图' }).click();
    await page.getByTestId('nsc-week-entry').filter({ hasText: '早间广播' }).first().waitFor();
    expect(await findings(page, 'zh_CN')).toEqual([]);
    await h.screenshot(page, 'nsc-week-zh');

    // The speaker plays it at its start time, on its own clock: the audio entry shows what plays where.
    await page.goto('/pjt/pjtdevicevoice');
    const playingNow = page.getByTestId('nsc-voice-now').filter({ hasText: '国歌' });
    await reportUntilShown(playingNow, report, 60, 2000);
    expect(sim.telemetry!(device, clock())).toMatchObject({
      playing: '国歌',
      volume: 60,
      taskId: expect.any(Number),
    });
    expect(await findings(page, 'zh_CN')).toEqual([]);
    await h.screenshot(page, 'nsc-voice-zh');
    // Back to the speaker's noon for the rest.
    clock = () => noon;
    await report();

    // ── English.
    await switchLanguage(page, 'English');
    await page.getByText('What plays where').waitFor();
    await page.getByTestId('nsc-voice-now').filter({ hasText: 'Noon chime' }).waitFor();
    expect(await findings(page, 'en_US')).toEqual([]);
    await h.screenshot(page, 'nsc-voice-en');
    await page.goto('/pjt/pjtnsctasklist');
    await page.locator('.ant-table-row', { hasText: '早间广播' }).getByText('Running').waitFor();
    expect(await findings(page, 'en_US')).toEqual([]);
    await h.screenshot(page, 'nsc-tasks-en');
    await page.getByRole('tab', { name: 'Week' }).click();
    await page.getByTestId('nsc-week-entry').filter({ hasText: '早间广播' }).first().waitFor();
    await h.screenshot(page, 'nsc-week-en');
    await page.goto('/pjt/pjtnsctasklist');
    await page.locator('.ant-table-row', { hasText: '早间广播' }).getByRole('button', { name: /View/ }).click();
    await page.getByText('Timed task', { exact: true }).waitFor();
    expect(await findings(page, 'en_US')).toEqual([]);
    await h.screenshot(page, 'nsc-task-editor-en');
    await page.goto('/pjt/pjtdevicenscgroup');
    await page
      .locator('.ant-table-row', { hasText: 'NSCG01' })
      .getByText(/1 speaker(?!s)/)
      .waitFor();
    expect(await findings(page, 'en_US')).toEqual([]);
    await h.screenshot(page, 'nsc-groups-en');
    await page.goto('/pjt/pjtnscmediagroup');
    await page.getByText('Media groups', { exact: true }).waitFor();
    await page.locator('.ant-table-row', { hasText: 'anthem.mp3' }).waitFor();
    expect(await findings(page, 'en_US')).toEqual([]);
    await h.screenshot(page, 'nsc-media-en');
    await page.goto('/pjt/pjtdevicensclist');
    await page.locator('.ant-table-row', { hasText: SPEAKER.name }).getByText('Playing').waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    expect(await findings(page, 'en_US')).toEqual([]);
    await h.screenshot(page, 'nsc-list-en');
  }, 300_000);
});
