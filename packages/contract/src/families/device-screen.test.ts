import { describe, expect, it } from 'vitest';
import { deviceScreenOf } from './index.js';

describe('the page of one device', () => {
  it("is its family's built detail screen, and none for a type without one", () => {
    expect(deviceScreenOf('wifi')?.path).toBe('/pjt/pjtdevicewifi');
    expect(deviceScreenOf('lighting')?.path).toBe('/pjt/pjtdevicelighting');
    expect(deviceScreenOf('illumination')?.path).toBe('/pjt/pjtdeviceillum');
    expect(deviceScreenOf('led')?.path).toBe('/pjt/pjtdeviceled');
    // Charging piles are declared but not built yet; a custom type is no family.
    expect(deviceScreenOf('evse')).toBeUndefined();
    expect(deviceScreenOf('custom-kiosk')).toBeUndefined();
  });
});
