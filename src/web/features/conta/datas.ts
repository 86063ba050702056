const lisbonDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Lisbon',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** Today in Lisbon as `YYYY-MM-DD` (the day the age check counts from, as the server does). */
export const lisbonToday = (): string => lisbonDate.format(new Date())
