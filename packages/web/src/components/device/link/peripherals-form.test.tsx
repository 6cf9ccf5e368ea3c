import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadFamilyTexts } from '../../../i18n/family-texts';
import { guardRawText } from '../../../test/raw-guard';
import { renderWithApp } from '../../../test/render';
import { PeripheralsForm } from './peripherals-form';

const STORED = {
  peripherals: [
    {
      index: 1,
      name: '电表',
      kind: 'meter',
      protocol: 'modbus',
      port: 1,
      stationAddress: 3,
      addressType: 'holding',
      transferType: 'float',
      registerStart: 100,
      registerCount: 2,
    },
  ],
};

guardRawText();

describe('peripherals of a device', () => {
  it('shows every field of a stored peripheral, labelled, in one row', async () => {
    await loadFamilyTexts();
    const stored = async () => ({ ...STORED, updatedAt: null, delivered: false });
    renderWithApp(
      <PeripheralsForm queryKey={['device', 7, 'peripherals']} load={stored} save={stored} editable testId="form" />,
    );
    const row = await screen.findByTestId('peripheral-0');
    expect((row.querySelector('input[aria-label="名称"]') as HTMLInputElement | null)?.value).toBe('电表');
    for (const label of ['序号', '站地址', '起始寄存器', '数量'])
      expect(row.querySelector(`[aria-label="${label}"]`), label).not.toBeNull();
    expect(row.querySelectorAll('.ant-select')).toHaveLength(5);
  });
});
