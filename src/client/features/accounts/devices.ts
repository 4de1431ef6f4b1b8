/** A signed-in device as Better Auth lists it (GET /api/auth/list-sessions). */
export interface DeviceSession {
  id: string;
  createdAt: string;
  userAgent?: string | null;
  ipAddress?: string | null;
}

/** A user agent as people name their devices: the browser and the system, or what it says. */
export function deviceName(userAgent: string | null | undefined): string {
  if (!userAgent) return 'A device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Chrome\//.test(userAgent)
      ? 'Chrome'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : undefined;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : undefined;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}
