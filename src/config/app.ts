// Product name until operator branding (a later issue) supplies its own.
export const APP_NAME = 'FleetPay Portal'

export function pageTitle(title: string): string {
  return `${title} | ${APP_NAME}`
}
