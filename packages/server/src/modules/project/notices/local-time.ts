/** `yyyy-MM-dd HH:mm:ss` at the system timezone (hours east of UTC), as the console shows times. */
export function localTime(at: Date, timezoneHours: number): string {
  const shifted = new Date(at.getTime() + timezoneHours * 3_600_000);
  return shifted.toISOString().slice(0, 19).replace('T', ' ');
}
