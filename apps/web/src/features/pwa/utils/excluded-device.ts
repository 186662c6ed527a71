/**
 * The device kind the install modal is never shown on (spec 4, "the device is not of the excluded
 * kind"): iPhone and iPad. Every browser there is WebKit, which has no install prompt (adding to
 * the home screen is a manual Share-menu step), so a modal there could only offer a button that
 * never works. iPadOS reports itself as a Mac; a touch screen tells the two apart.
 */
export function isExcludedDevice(navigatorLike: Pick<Navigator, "userAgent" | "maxTouchPoints">): boolean {
  if (/iPhone|iPad|iPod/i.test(navigatorLike.userAgent)) return true;
  return /Macintosh/i.test(navigatorLike.userAgent) && navigatorLike.maxTouchPoints > 1;
}
