/** The fields of a policy cycle (lamp and cabinet policies alike). */
export const schedule = {
  date: 'Date',
  months: 'Months',
  month: 'Month {month}',
  days: 'Days of the month',
  weekdays: 'Weekdays',
  dates: 'Holidays',
  weekday: {
    '1': 'Monday',
    '2': 'Tuesday',
    '3': 'Wednesday',
    '4': 'Thursday',
    '5': 'Friday',
    '6': 'Saturday',
    '7': 'Sunday',
  },
} as const;
