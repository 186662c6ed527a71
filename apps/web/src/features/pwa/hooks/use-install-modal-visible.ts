import { useStorageValue } from "@/lib/storage";
import { useInstallOffered } from "../install-prompt";
import { isExcludedDevice } from "../utils/excluded-device";

/**
 * Whether 'Get our app!' is shown (spec 4): signed in (`allowed` also keeps it off other
 * overlays), not on an excluded device, the browser offered an install prompt, and no
 * `is-pwa-installed` answer is stored.
 */
export function useInstallModalVisible(allowed: boolean): boolean {
  const offered = useInstallOffered();
  const answered = useStorageValue("pwaInstalled") !== null;
  return allowed && offered && !answered && !isExcludedDevice(navigator);
}
