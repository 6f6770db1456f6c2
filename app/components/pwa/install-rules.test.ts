import { describe, expect, it } from "vitest";
import { installBannerMode, isIosSafari } from "./install-rules";

const base = { canPrompt: false, dismissed: false, installed: false, iosSafari: false };

describe("install banner", () => {
  it("shows Install when the browser offers a prompt", () => {
    expect(installBannerMode({ ...base, canPrompt: true })).toBe("prompt");
  });

  it("stays hidden once dismissed or installed", () => {
    expect(installBannerMode({ ...base, canPrompt: true, dismissed: true })).toBe("hidden");
    expect(installBannerMode({ ...base, canPrompt: true, installed: true })).toBe("hidden");
    expect(installBannerMode({ ...base, iosSafari: true, dismissed: true })).toBe("hidden");
  });

  it("shows the Add to Home Screen hint on iOS Safari, nothing elsewhere without a prompt", () => {
    expect(installBannerMode({ ...base, iosSafari: true })).toBe("ios-hint");
    expect(installBannerMode(base)).toBe("hidden");
  });
});

describe("iOS Safari detection", () => {
  const iphoneSafari =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
  const iphoneChrome =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1";
  const ipadSafari =
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15";
  const androidChrome =
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";

  it.each([
    [iphoneSafari, "iPhone", 5, true],
    [ipadSafari, "MacIntel", 5, true],
    [ipadSafari, "MacIntel", 0, false],
    [iphoneChrome, "iPhone", 5, false],
    [androidChrome, "Linux armv8l", 5, false],
  ])("%s on %s with %i touch points → %s", (ua, platform, touch, expected) => {
    expect(isIosSafari(ua, platform, touch)).toBe(expected);
  });
});
