import type { NoticeRulesView, NoticeRuleView } from '@sc/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { itHasBothLanguages } from '../../../components/screen-texts-testing';
import { serve, setUp, tearDown } from '../../../families/lighting/test-fixtures';
import { guardRawText } from '../../../test/raw-guard';
import { renderWithApp } from '../../../test/render';
import NoticeRulePage from './notice-rule-page';
import { NOTICE_RULE_TEXTS } from './texts';

const PATH = '/pjt/pjtnoticerule';
const BASE = '/api/pjts/2';

const rule = (over: Partial<NoticeRuleView>): NoticeRuleView => ({
  eventId: 1,
  code: 'DEVICE_OFFLINE',
  name: '设备离线',
  noticeTypes: ['SITEMESSAGE', 'EMAIL', 'SMS'],
  source: 'default',
  sourceProject: null,
  types: ['SITEMESSAGE'],
  emails: [],
  mobiles: [],
  userIds: [],
  lang: 'zh_CN',
  interval: 300,
  updatedAt: null,
  ...over,
});
const RULES: NoticeRulesView = {
  rules: [
    rule({}),
    rule({
      eventId: 4,
      code: 'ALARM_LIGHTING',
      name: '路灯告警',
      source: 'inherited',
      sourceProject: '市级项目',
      types: ['SITEMESSAGE', 'EMAIL', 'SMS'],
      emails: ['duty@city.example.cn'],
      mobiles: ['13800138000'],
      userIds: [7],
      interval: 600,
    }),
  ],
  users: [{ id: 7, name: 'wang', realName: '王工', phoneNo: '13900139000' }],
  mailConfigured: false,
  smsConfigured: true,
};

beforeEach(setUp);
afterEach(tearDown);
guardRawText();

const serveRules = (level = 5, test = { sent: false, message: '邮件服务器拒绝了这封邮件：550 mailbox unavailable' }) =>
  serve(
    PATH,
    (call) => {
      const { pathname } = call.url;
      if (pathname === `${BASE}/noticerules.do`) return { json: RULES };
      if (pathname === `${BASE}/noticerules.do/test`) return { json: test };
      if (pathname === `${BASE}/noticerules.do/deliveries`)
        return { json: { list: [], total: 0, page: 1, pageSize: 20, historyDays: 30 } };
      if (call.method === 'POST' && pathname.startsWith(`${BASE}/noticeevents/`))
        return { json: { ...RULES.rules[1], source: 'own' } };
      return undefined;
    },
    level,
  );

describe('notice rules', () => {
  it('lists each event with its channels, receivers, interval and where its rule comes from', async () => {
    serveRules();
    renderWithApp(<NoticeRulePage />, { path: PATH });
    const row = (await screen.findByText('路灯告警')).closest('tr')!;
    expect(within(row).getByText('沿用 市级项目')).toBeTruthy();
    expect(within(row).getByText('duty@city.example.cn')).toBeTruthy();
    expect(within(row).getByText('13800138000、王工')).toBeTruthy();
    expect(within(row).getByText('600 秒')).toBeTruthy();
    const offline = screen.getByText('设备离线').closest('tr')!;
    expect(within(offline).getByText('默认：仅站内信')).toBeTruthy();
    expect(within(offline).getByText('无')).toBeTruthy();
    expect(screen.getByText('系统设置中尚未配置邮件服务器，邮件会等待配置后再发送')).toBeTruthy();
    expect((screen.getByTestId('rule-inherit-ALARM_LIGHTING') as HTMLButtonElement).disabled).toBe(true);
  }, 60_000);

  it('checks a rule with the contract before saving it as the project own', async () => {
    const { calls } = serveRules();
    const user = userEvent.setup();
    renderWithApp(<NoticeRulePage />, { path: PATH });
    fireEvent.click(await screen.findByTestId('rule-edit-ALARM_LIGHTING'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/当前沿用“市级项目”/)).toBeTruthy();
    const interval = within(dialog).getByLabelText('同一事件最小间隔');
    fireEvent.change(interval, { target: { value: '30' } });
    await user.type(within(dialog).getByLabelText('接收邮箱'), 'not-an-address{enter}');
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('允许的取值范围：60 - 3600。')).toBeTruthy();
    expect(await within(dialog).findByText('请输入有效的电子邮箱')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(
      within(dialog)
        .getByText('not-an-address')
        .closest('.ant-select-selection-item')!
        .querySelector('.ant-select-selection-item-remove')!,
    );
    fireEvent.change(interval, { target: { value: '120' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('通知规则已保存')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST' && c.url.pathname === `${BASE}/noticeevents/4`)!;
    expect(Object.fromEntries(post.body!)).toEqual({
      types: 'SITEMESSAGE,EMAIL,SMS',
      emails: 'duty@city.example.cn',
      mobiles: '13800138000',
      userIds: '7',
      lang: 'zh_CN',
      interval: '120',
    });
  }, 90_000);

  it("sends a test message and shows the server's refusal", async () => {
    const { calls } = serveRules();
    renderWithApp(<NoticeRulePage />, { path: PATH });
    const test = await screen.findByTestId('notice-test');
    // Outside the tab list, which holds tabs only.
    expect(test.closest('[role="tablist"]')).toBeNull();
    fireEvent.click(test);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('收件邮箱'), { target: { value: 'duty@city.example.cn' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /发\s*送/ }));
    const result = await within(dialog).findByTestId('test-result');
    expect(within(result).getByText('发送失败')).toBeTruthy();
    expect(within(result).getByText('邮件服务器拒绝了这封邮件：550 mailbox unavailable')).toBeTruthy();
    const post = calls.find((c) => c.url.pathname === `${BASE}/noticerules.do/test`)!;
    expect(Object.fromEntries(post.body!)).toEqual({ channel: 'EMAIL', to: 'duty@city.example.cn', lang: 'zh_CN' });
  }, 60_000);

  it('hides the writes from a viewer', async () => {
    serveRules(1);
    renderWithApp(<NoticeRulePage />, { path: PATH });
    expect(await screen.findByText('路灯告警')).toBeTruthy();
    expect(screen.queryByTestId('notice-test')).toBeNull();
    expect(screen.queryByTestId('rule-edit-ALARM_LIGHTING')).toBeNull();
  }, 60_000);

  // Every text in both languages (English adds singulars such as "kept 1 day").
  itHasBothLanguages(NOTICE_RULE_TEXTS);
});
