import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { eventCodeText, type Lang, type MaintenanceBillFull, translate } from '@sc/contract';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);

/**
 * Noto Sans SC (SIL OFL) as npm installs it: read once, on the first PDF. pdfkit embeds only the glyphs
 * a document uses (a subset), so a bill's PDF stays a few kilobytes.
 */
let font: Buffer | undefined;
const cjkFont = () => {
  font ??= readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'));
  return font;
};

/** yyyy-MM-dd HH:mm:ss (spec 001 §9) at the system timezone's offset in hours. */
export function localTime(iso: string | null, offsetHours: number) {
  if (!iso) return '';
  const d = new Date(Date.parse(iso) + offsetHours * 3_600_000);
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

/** A work order as a PDF: header, approval, every device with its handling, then the messages. */
export async function renderBillPdf(bill: MaintenanceBillFull, lang: Lang, offsetHours: number): Promise<Buffer> {
  const t = (key: string, params?: Record<string, string | number>) => translate(lang, `maintenance.${key}`, params);
  const time = (iso: string | null) => localTime(iso, offsetHours);
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `${t('pdfTitle')} ${bill.no}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont('cjk', cjkFont());
  doc.font('cjk');

  doc.fontSize(20).text(t('pdfTitle'), { align: 'center' });
  doc.moveDown(0.3).fontSize(12).text(`${bill.no}  ${bill.title}`, { align: 'center' });
  doc.moveDown();

  const line = (label: string, value: string) => doc.fontSize(10).text(`${label}：${value}`);
  line(t('fields.projectName'), bill.projectName);
  line(t('fields.status'), t(`status_${bill.status}`));
  line(t('fields.creatorName'), bill.creatorName);
  line(t('fields.billDate'), time(bill.billDate));
  line(t('fields.progress'), `${bill.completed}/${bill.total}`);
  line(t('fields.approverName'), bill.approverName ?? '-');
  line(t('fields.approvedAt'), time(bill.approvedAt) || '-');
  line(t('fields.modifierName'), bill.modifierName ?? '-');

  doc.moveDown().fontSize(13).text(t('details'));
  doc.moveDown(0.3);
  bill.details.forEach((d, i) => {
    doc
      .fontSize(10)
      .text(`${i + 1}. ${d.deviceName} (${d.deviceNo})  ${t(`handle_${d.handleStatus}`)}`, { continued: false });
    const extra = [
      d.groupName ? `${t('fields.groupName')}：${d.groupName}` : '',
      d.alarmCode ? `${t('fields.alarm')}：${eventCodeText(lang, d.deviceType, d.alarmCode)} ${time(d.alarmAt)}` : '',
      d.handlerName ? `${t('fields.handlerName')}：${d.handlerName} ${time(d.handledAt)}` : '',
      d.note ? `${t('fields.note')}：${d.note}` : '',
    ].filter(Boolean);
    if (extra.length)
      doc
        .fontSize(9)
        .fillColor('#555555')
        .text(`    ${extra.join('  ')}`)
        .fillColor('black');
  });

  doc.moveDown().fontSize(13).text(t('messages'));
  doc.moveDown(0.3);
  if (bill.messages.length === 0) doc.fontSize(10).text(t('noMessages'));
  const deviceOf = new Map(bill.details.map((d) => [d.id, d.deviceName]));
  for (const m of bill.messages) {
    const about = m.detailId === null ? '' : ` [${deviceOf.get(m.detailId) ?? ''}]`;
    doc.fontSize(10).text(`${time(m.createdAt)} ${m.senderName}${about}：${m.content}`);
  }

  doc
    .moveDown(2)
    .fontSize(8)
    .fillColor('#888888')
    .text(`${t('pdfPrinted')}：${time(new Date().toISOString())}`);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
