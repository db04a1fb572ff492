import assert from 'node:assert/strict';
import { baseUrl, PHONE, sidewaysOverflow, waitForHydration } from '../support/browser';
import { expect, openPageIn, test } from '../support/fixtures';
import { roleState, signedInState, XHR } from '../support/session';

/** A real 8×8 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4EaCBFTEMLQkAaplQAdEjY8UAAAAASUVORK5CYII=',
  'base64',
);

test.describe('support tickets', () => {
  test('open a ticket with an attachment, the support team opens the chat, reply in the thread', async ({
    newContext,
  }) => {
    const state = await signedInState();
    const context = await newContext({ storageState: state.storage });
    const { page, errors } = await openPageIn(context, '/support-tickets');
    await expect(page.getByRole('heading', { name: 'Support Ticket' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Running/ })).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('button', { name: 'Create Ticket' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Ticket' });
    await dialog.getByLabel('Issue Type').selectOption({ label: 'Delivery' });
    await dialog.getByLabel('Subject').fill('<img src=x onerror=alert(1)> late parcel');
    await dialog.getByLabel('Message').fill('My parcel has not arrived. {{7*7}}');
    await dialog.getByLabel('Email').fill('rina.wijaya@mail.example.com');
    await dialog
      .getByLabel('Attachments (jpg, png, pdf; up to 2 MB each)')
      .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('button', { name: 'Submit' }).click();

    await page.waitForURL(/\/support-ticket\/\d{7,}$/);
    const ticketNumber = new URL(page.url()).pathname.split('/').pop() ?? '';
    await expect(page.getByRole('heading', { name: `Ticket #${ticketNumber}` })).toBeVisible();
    await expect(page.getByText('<img src=x onerror=alert(1)> late parcel')).toBeVisible();
    await expect(page.getByText('My parcel has not arrived. {{7*7}}')).toBeVisible();
    await expect(
      page.getByText('You can reply once the support team has opened the chat for this ticket.'),
    ).toBeVisible();
    const attachment = page.getByRole('link', { name: 'proof.png' });
    const href = (await attachment.getAttribute('href')) ?? '';
    const file = await context.request.get(href);
    assert.equal(file.status(), 200);
    assert.equal(file.headers()['content-type'], 'image/png');
    // Served to its owner only.
    const visitor = await fetch(`${baseUrl()}${href}`);
    assert.equal(visitor.status, 401);

    // The operator answering the ticket sees the file too, and opens it.
    const operator = await newContext({ storageState: await roleState('admin', 'admin@example.com') });
    const desk = (await openPageIn(operator, '/operator')).page;
    await desk.getByRole('button', { name: new RegExp(`#${ticketNumber}`) }).click();
    const shared = desk.getByRole('link', { name: 'proof.png' });
    await expect(shared).toBeVisible();
    const fromDesk = await operator.request.get((await shared.getAttribute('href')) ?? '');
    assert.equal(fromDesk.status(), 200);
    assert.equal(fromDesk.headers()['content-type'], 'image/png');
    await operator.close();

    // The operator's screen has no action that opens a ticket's chat: the development route does.
    const opened = await context.request.post(`/api/dev/support-tickets/${ticketNumber}/open-chat`, { headers: XHR });
    assert.equal(opened.status(), 200, await opened.text());
    await page.reload();
    await waitForHydration(page);
    const box = page.getByLabel('Your reply');
    await box.fill('Thank you, I will wait.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Thank you, I will wait.')).toBeVisible();
    await expect(box).toHaveValue('');

    await page.goto('/support-tickets');
    await waitForHydration(page);
    await expect(page.getByRole('link', { name: new RegExp(`Ticket #${ticketNumber}`) })).toBeVisible();
    assert.deepEqual(errors, []);
  });

  test('in Arabic at 390 px: open a ticket with an attachment and reply in its thread, right to left', async ({
    newContext,
  }) => {
    const strings = (await (await fetch(`${baseUrl()}/api/lang/ar`)).json()) as Record<string, string>;
    const t = (key: string) => strings[key] ?? key;
    const state = await signedInState();
    const context = await newContext({ ...PHONE, storageState: state.storage });
    await context.addCookies([{ name: 'locale', value: 'ar', url: baseUrl() }]);
    const { page, errors } = await openPageIn(context, '/support-tickets');
    await page.getByRole('button', { name: t('Create Ticket') }).click();
    const dialog = page.getByRole('dialog', { name: t('Create Ticket') });
    await dialog.getByLabel(t('Issue Type')).selectOption({ index: 1 });
    await dialog.getByLabel(t('Subject')).fill('الطرد متأخر');
    await dialog.getByLabel(t('Message')).fill('لم يصل طردي بعد.');
    await dialog.getByLabel(t('Email')).fill('rina.wijaya@mail.example.com');
    await dialog
      .getByLabel(t('Attachments (jpg, png, pdf; up to 2 MB each)'))
      .setInputFiles({ name: 'إثبات.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('button', { name: t('Submit') }).click();

    await page.waitForURL(/\/support-ticket\/\d{7,}$/);
    const ticketNumber = new URL(page.url()).pathname.split('/').pop() ?? '';
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByText('لم يصل طردي بعد.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'إثبات.png' })).toBeVisible();
    const opened = await context.request.post(`/api/dev/support-tickets/${ticketNumber}/open-chat`, { headers: XHR });
    assert.equal(opened.status(), 200, await opened.text());
    await page.reload();
    await waitForHydration(page);
    await page.getByLabel(t('Your reply')).fill('شكرًا، سأنتظر.');
    await page.getByRole('button', { name: t('Send'), exact: true }).click();
    await expect(page.getByText('شكرًا، سأنتظر.')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: 'artifacts/ticket-ar-390.png', fullPage: true });
    assert.deepEqual(errors, []);
  });

  test('the ticket pages fit a 390 px phone in Arabic, right to left', async ({ newContext }) => {
    const state = await signedInState();
    const context = await newContext({ ...PHONE, storageState: state.storage });
    await context.addCookies([{ name: 'locale', value: 'ar', url: baseUrl() }]);
    const { page } = await openPageIn(context, '/support-tickets');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await expect(page.getByRole('button', { name: 'إنشاء تذكرة' })).toBeVisible();
    const overflow = await sidewaysOverflow(page);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
