import { contactReplySchema, supportReplySchema } from '@shop/contracts/content';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { contactMessages } from '../../db/schema/contact';
import { socialLinks } from '../../db/schema/settings';
import { describeEachDatabase } from '../../testing/test-app';

describeEachDatabase('contact and support', (ctx) => {
  it('GET /api/contact-us gives the contact details from the settings', async () => {
    const res = await ctx.app.inject({ url: '/api/contact-us' });
    expect(res.statusCode, res.body).toBe(200);
    const data = contactReplySchema.parse(res.json()).data;
    expect(data.phone).toBeTruthy();
    expect(data.email).toContain('@');
    expect(data.address).toBeTruthy();
    expect(data.whatsapp).toBeNull();

    await ctx.db.insert(socialLinks).values({ name: 'WhatsApp', link: 'https://wa.me/6281188881234' });
    const after = contactReplySchema.parse((await ctx.app.inject({ url: '/api/contact-us' })).json()).data;
    expect(after.whatsapp).toBe('https://wa.me/6281188881234');
  });

  it('POST /api/support stores the message and returns the row', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/support',
      payload: { name: ' Sari ', email: 'sari@example.com', phone: '', subject: 'Order late', message: 'Where is it?' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { content } = supportReplySchema.parse(res.json()).data;
    expect(content).toMatchObject({ name: 'Sari', email: 'sari@example.com', phone: null, subject: 'Order late' });
    const [row] = await ctx.db.select().from(contactMessages).where(eq(contactMessages.id, content.id));
    expect(row?.message).toBe('Where is it?');
  });

  it('answers 422 with field errors', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/support',
      payload: { email: 'not-an-email', subject: '  ', message: 'x'.repeat(5001), phone: 'abc' },
    });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(Object.keys(errors).sort()).toEqual(['email', 'message', 'phone', 'subject']);
    expect(errors.subject[0]).toBe('The subject field is required.');
    expect(errors.message[0]).toBe('The message may not be greater than 5000 characters.');

    const missing = await ctx.app.inject({ method: 'POST', url: '/api/support', payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['message', 'subject']);
  });
});
