/** Spec section 2: "{page title} - {app name}", or the app name alone. */
export function buildTitle(pageTitle: string | null | undefined, appName: string | null | undefined): string {
  const page = pageTitle?.trim() ?? '';
  const app = appName?.trim() ?? '';
  if (page && app) return `${page} - ${app}`;
  return page || app;
}
