import { Download } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { ANALYTICS_EVENTS, track } from "@/lib/analytics";
import { storage } from "@/lib/storage";
import { spendInstallPrompt, useInstallPrompt } from "../install-prompt";

/**
 * 'Get our app!' (spec 2, 4): Install opens the browser's install prompt. Accepted stores
 * `is-pwa-installed` 'true'; rejected or closed stores 'false', so it is not offered again.
 */
export function InstallModal() {
  const prompt = useInstallPrompt();
  const [prompting, setPrompting] = useState(false);

  async function install() {
    if (!prompt) return;
    track(ANALYTICS_EVENTS.pwaInstallButtonClick);
    setPrompting(true);
    spendInstallPrompt();
    try {
      await prompt.prompt();
      const { outcome } = await prompt.userChoice;
      if (outcome === "accepted") {
        storage.set("pwaInstalled", "true");
        track(ANALYTICS_EVENTS.pwaInstalled);
      } else {
        storage.set("pwaInstalled", "false");
        track(ANALYTICS_EVENTS.pwaInstallRejected);
      }
    } catch (error) {
      // the browser refused to show its prompt: counted as not installed, not offered again
      console.error("install prompt failed", error);
      storage.set("pwaInstalled", "false");
      track(ANALYTICS_EVENTS.pwaInstallRejected);
    }
  }

  function close() {
    storage.set("pwaInstalled", "false");
    track(ANALYTICS_EVENTS.pwaInstallModalClosed);
  }

  return (
    <Modal title="Get our app!" onClose={close} size="sm" testId="pwa-install-modal">
      <p className="mt-3 text-ink-300">
        Install it on your device for a faster and more convenient experience
      </p>
      <Button
        className="mt-6 w-full"
        onClick={() => void install()}
        disabled={!prompt || prompting}
        icon={<Download className="size-4" aria-hidden="true" />}
      >
        Install
      </Button>
    </Modal>
  );
}
