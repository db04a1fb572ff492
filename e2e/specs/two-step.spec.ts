import { waitForHydration } from '../support/browser';
import { expect, test } from '../support/fixtures';
import { TOTP_STEP_MS, TWO_STEP_OPERATOR, totpCode } from '../support/two-step';

/**
 * Two-step sign-in of the operator in the browser: a new operator (made by create-operator) is
 * sent to set it up before anything else, reads the key off the page into an "authenticator app"
 * (the same TOTP library the server uses), keeps the recovery codes, and then signs in with a
 * code after the password.
 */
test.setTimeout(120_000);

test('the operator turns on two-step sign-in and signs in with a code', async ({ newContext }) => {
  const page = await (await newContext()).newPage();
  await page.goto('/operator/login');
  await waitForHydration(page);
  await page.getByLabel('Email or phone').fill(TWO_STEP_OPERATOR.email);
  await page.getByLabel('Password', { exact: true }).fill(TWO_STEP_OPERATOR.password);
  await page.getByRole('button', { name: 'Log in' }).click();

  // Nothing of the operator's screen opens before the set-up.
  await expect(page).toHaveURL(/\/operator\/two-step$/);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Set up two-step sign-in', level: 1 })).toBeVisible();
  await page.goto('/operator/security');
  await expect(page).toHaveURL(/\/operator\/two-step$/);
  await waitForHydration(page);

  await page.getByRole('button', { name: 'Start set-up' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('two-step-secret').textContent()) ?? '';
  expect(secret.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{32}$/);

  const code = page.getByLabel('Code from your authenticator app');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  // A code of another time is refused with the server's message under the field.
  await code.fill(totpCode(secret, Date.now() - 5 * TOTP_STEP_MS));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByText('The code is not valid. Try the newest code of your authenticator app.')).toBeVisible();
  await code.fill(totpCode(secret));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();

  // The recovery codes, shown this once; Done waits until they are kept.
  const codes = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const done = page.getByRole('button', { name: 'Done' });
  await expect(done).toBeDisabled();
  await page.getByLabel('I have kept these codes somewhere safe').check();
  await done.click();
  await expect(page).toHaveURL(/\/operator$/);
  await expect(page.getByRole('heading', { name: 'Shops waiting for approval' })).toBeVisible();
  await expect(page.getByText('We could not load the shops')).toHaveCount(0);

  // The security page: two-step sign-in on, and this device among the sessions.
  await page.getByRole('link', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/operator\/security$/);
  await expect(page.getByText('10 recovery codes left.')).toBeVisible();
  await expect(page.getByText('The operator must keep two-step sign-in on.')).toBeVisible();
  await expect(page.getByText('This device')).toBeVisible();

  // Signing in again: the password, then the app's code (the next step's: the set-up used this one).
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/operator\/login$/);
  await waitForHydration(page);
  await page.getByLabel('Email or phone').fill(TWO_STEP_OPERATOR.email);
  await page.getByLabel('Password', { exact: true }).fill(TWO_STEP_OPERATOR.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  const step = page.getByLabel('Code from your authenticator app');
  await expect(step).toBeFocused();
  await step.fill(totpCode(secret, Date.now() + TOTP_STEP_MS));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/operator$/);
  await expect(page.getByRole('link', { name: 'Security' })).toBeVisible();

  // Turning it on is in the audit log: this operator's entry (its record is the operator).
  const me = await page.request.get('/api/profile', { headers: { 'x-requested-with': 'XMLHttpRequest' } });
  expect(me.ok(), await me.text()).toBe(true);
  const id = ((await me.json()) as { data: { user: { id: number } } }).data.user.id;
  await page.goto('/operator/audit-log?kind=two_step');
  await waitForHydration(page);
  await expect(
    page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: String(id), exact: true }) })
      .filter({ has: page.getByRole('cell', { name: 'enable', exact: true }) }),
  ).toHaveCount(1);
});
