/** A shop or user counts as online when seen within this window (the last-seen ping period). */
export const ONLINE_WINDOW_MS = 10 * 60 * 1000;

export const isOnline = (lastSeen: Date | null, now: Date) =>
  lastSeen !== null && now.getTime() - lastSeen.getTime() <= ONLINE_WINDOW_MS;
