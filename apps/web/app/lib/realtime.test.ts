// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { BROADCASTING_AUTH_PATH, connectRealtime, pusherOptions, type RealtimeSettings } from './realtime';

const base: RealtimeSettings = {
  pusher_app_key: 'app-key',
  pusher_app_cluster: null,
  pusher_host: null,
  pusher_port: null,
  pusher_force_tls: false,
};
const page = { hostname: 'shop.test', port: '3000', protocol: 'http:' };
const auth = {
  endpoint: BROADCASTING_AUTH_PATH,
  transport: 'ajax',
  headers: { 'X-Requested-With': 'XMLHttpRequest' },
};

describe('realtime options', () => {
  it('gives nothing without a key (spec: no realtime without a push key)', () => {
    expect(pusherOptions({ ...base, pusher_app_key: null }, page)).toBeNull();
    expect(pusherOptions({ ...base, pusher_app_key: '' }, page)).toBeNull();
  });

  it('connects to this page’s host and port when the settings name neither host nor cluster', () => {
    expect(pusherOptions(base, page)).toMatchObject({
      key: 'app-key',
      wsHost: 'shop.test',
      wsPort: 3000,
      wssPort: 3000,
      forceTLS: false,
      enabledTransports: ['ws', 'wss'],
      channelAuthorization: auth,
    });
    expect(pusherOptions(base, { hostname: 'shop.test', port: '', protocol: 'https:' })).toMatchObject({ wsPort: 443 });
  });

  it('uses the settings’ host and port for our own server, and their TLS flag', () => {
    expect(
      pusherOptions({ ...base, pusher_host: 'ws.shop.test', pusher_port: 6001, pusher_force_tls: true }, page),
    ).toMatchObject({
      wsHost: 'ws.shop.test',
      wsPort: 6001,
      wssPort: 6001,
      forceTLS: true,
      channelAuthorization: auth,
    });
  });

  it('connects to its own server when the settings name a cluster but no host (the demo names "mt1" for the apps)', () => {
    const options = pusherOptions({ ...base, pusher_app_cluster: 'mt1' }, page);
    expect(options).toMatchObject({ cluster: 'mt1', wsHost: 'shop.test', wsPort: 3000, channelAuthorization: auth });
  });

  it('reaches hosted Pusher through its host', () => {
    const hosted = { ...base, pusher_app_cluster: 'ap1', pusher_host: 'ws-ap1.pusher.com', pusher_port: 443 };
    expect(pusherOptions({ ...hosted, pusher_force_tls: true }, page)).toMatchObject({
      wsHost: 'ws-ap1.pusher.com',
      wssPort: 443,
      forceTLS: true,
    });
  });

  it('creates no client outside a browser (SSR)', async () => {
    expect(typeof window).toBe('undefined');
    await expect(connectRealtime(base)).resolves.toBeNull();
  });
});
