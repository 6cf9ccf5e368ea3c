import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createButton, dialog, pick, save, tableRow } from './antd';
import { type Harness, signIn, startHarness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  const errors = h?.pageErrors() ?? [];
  await h?.stop();
  expect(errors).toEqual([]);
});

const ROOT_PROJECT = '智慧城市平台';
const TYPE = { name: 'E2E测试类型', no: 'e2etype' };
const FACTORY = { name: 'E2E测试厂商', no: 'E2E-F01' };
const MODEL = { name: 'E2E测试型号', no: 'E2E-M01' };
const AREA = { name: 'E2E东区', no: 'E2E-A01' };
const GROUP = { name: 'E2E东区一组', no: 'E2E-G01' };

/** A small solid-colour RGB PNG, built by hand (signature, IHDR, IDAT, IEND). */
function png(size: number, [r, g, b]: [number, number, number]): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = table[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0);
    for (let x = 0; x < size; x++) {
      // A ring on a light background, so the icon is recognisable.
      const d = Math.hypot(x - size / 2, y - size / 2);
      const on = d < size * 0.42 && d > size * 0.22;
      rows.push(...(on ? [r, g, b] : [255, 247, 235]));
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('device registry base data', () => {
  it('type with an icon → factory → model → area → group with a location, forced active', async () => {
    const page = await h.newPage();
    await page.goto('/index');
    await signIn(page);
    await page.waitForURL('**/man/manmain');

    // A device type, then its icon: a refused GIF first, then a PNG.
    await page.goto('/bas/devicetypelist');
    await tableRow(page, 'lighting').first().waitFor();
    await createButton(page).click();
    await dialog(page).locator('#devicetypes-form_name').fill(TYPE.name);
    await dialog(page).locator('#devicetypes-form_no').fill(TYPE.no);
    await save(page);
    await tableRow(page, TYPE.no).waitFor();
    await tableRow(page, TYPE.no)
      .getByRole('button', { name: /上传图标/ })
      .click();
    const upload = dialog(page).locator('input[type=file]');
    await upload.setInputFiles({ name: 'icon.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await dialog(page).getByTestId('icon-failure').getByText('图标只能是 jpg 或 png').waitFor();
    await upload.setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: png(64, [250, 140, 22]) });
    await page.getByText('图标已上传').first().waitFor();
    await dialog(page).locator('.ant-avatar img').waitFor();
    await h.screenshot(page, 'registry-type-icon-zh');
    await dialog(page)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    const icon = tableRow(page, TYPE.no).locator('.ant-avatar img');
    await icon.waitFor();
    await expect
      .poll(() => icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 })
      .toBe(64);
    // A built-in type keeps its no.
    await tableRow(page, 'lighting')
      .first()
      .getByRole('button', { name: /编\s*辑/ })
      .click();
    expect(await dialog(page).locator('#devicetypes-form_no').isDisabled()).toBe(true);
    await dialog(page)
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await h.screenshot(page, 'registry-types-zh');

    // A factory.
    await page.goto('/bas/devicefactorylist');
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await createButton(page).click();
    await dialog(page).locator('#factories-form_name').fill(FACTORY.name);
    await dialog(page).locator('#factories-form_no').fill(FACTORY.no);
    await save(page);
    await tableRow(page, FACTORY.no).waitFor();

    // A model of that factory and type; the type filter finds it.
    await page.goto('/bas/devicemodellist');
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await createButton(page).click();
    await dialog(page).locator('#models-form_name').fill(MODEL.name);
    await dialog(page).locator('#models-form_no').fill(MODEL.no);
    await pick(page, dialog(page).locator('#models-form_factoryId'), FACTORY.name);
    await pick(page, dialog(page).locator('#models-form_typeNo'), TYPE.name);
    await save(page);
    // Built-in models fill the first page: the type filter finds the new one.
    await pick(page, page.locator('.ant-card .ant-select').nth(1).locator('input'), TYPE.name);
    await tableRow(page, MODEL.no).waitFor();
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    await expect(tableRow(page, MODEL.no).textContent()).resolves.toContain(FACTORY.name);
    await h.screenshot(page, 'registry-models-zh');

    // An area of the root project.
    await page.goto('/biz/devicearealist');
    await page.locator('.ant-table').waitFor();
    await createButton(page).click();
    await dialog(page).locator('#areas-form_name').fill(AREA.name);
    await dialog(page).locator('#areas-form_no').fill(AREA.no);
    await pick(page, dialog(page).locator('#areas-form_projectId'), ROOT_PROJECT);
    await save(page);
    await tableRow(page, AREA.no).waitFor();

    // A group in that area, then its location typed into the picker, then forced active.
    await page.goto('/biz/devicegrouplist');
    await page.locator('.ant-table').waitFor();
    await createButton(page).click();
    await dialog(page).locator('#groups-form_name').fill(GROUP.name);
    await dialog(page).locator('#groups-form_no').fill(GROUP.no);
    await pick(page, dialog(page).locator('#groups-form_projectId'), ROOT_PROJECT);
    await pick(page, dialog(page).locator('#groups-form_areaId'), AREA.name);
    await save(page);
    await tableRow(page, GROUP.no).waitFor();
    await expect(tableRow(page, GROUP.no).textContent()).resolves.toContain(AREA.name);
    await expect(tableRow(page, GROUP.no).textContent()).resolves.toContain('未知');

    await tableRow(page, GROUP.no)
      .getByRole('button', { name: /设置坐标/ })
      .click();
    await dialog(page).getByTestId('coordinate-picker').waitFor();
    await dialog(page).getByLabel('经度').fill('118.7969');
    await dialog(page).getByLabel('纬度').fill('32.0603');
    await h.screenshot(page, 'registry-group-location-zh');
    await dialog(page).locator('.ant-btn-primary').click();
    await page.getByText('坐标已保存').first().waitFor();
    await tableRow(page, GROUP.no).getByText('118.796900, 32.060300').waitFor();

    await tableRow(page, GROUP.no)
      .getByRole('button', { name: /强制激活/ })
      .click();
    await dialog(page).getByText('强制设置的状态可能与现场设备的真实状态不符', { exact: false }).waitFor();
    await h.screenshot(page, 'registry-group-force-zh');
    await dialog(page)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.getByText('已强制设为正常状态').first().waitFor();
    await tableRow(page, GROUP.no).locator('.ant-tag-green', { hasText: '正常' }).waitFor();
    await h.screenshot(page, 'registry-groups-zh');

    // The same group under /pjt, in the admin's own (root) project.
    await page.goto('/pjt/pjtdevicegrouplist');
    await page.getByTestId('project-switcher').getByText(ROOT_PROJECT).waitFor();
    await tableRow(page, GROUP.no).waitFor();
    await page.goto('/pjt/pjtdevicemodellist');
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await page.locator('.ant-input-search input').fill(MODEL.no);
    await page.locator('.ant-input-search input').press('Enter');
    await tableRow(page, MODEL.no).waitFor();
    await h.screenshot(page, 'registry-pjt-models-zh');
  });
});
