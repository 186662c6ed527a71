import { FileText, ShieldCheck } from "lucide-react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { paths } from "@/config/paths";

/**
 * The 18+ warning (spec section 2, "Overlays"). It can't be dismissed: the only ways out are
 * confirming or reading the terms / privacy policy, which are the two screens shown without it.
 */
export function AgeGate({ onConfirm }: { onConfirm: () => void }) {
  const navigate = useNavigate();

  return (
    <Modal
      title="Warning 18+"
      opaqueBackdrop
      size="md"
      testId="age-gate"
      className="text-center"
      titleClassName="text-3xl sm:text-4xl"
      header={
        <div className="mb-5 flex justify-center">
          <span className="relative grid size-20 place-items-center rounded-full border border-coral-400/40 bg-gradient-to-br from-coral-500/25 to-violet-500/20 shadow-glow">
            <span className="font-display text-2xl font-semibold text-coral-200">18+</span>
          </span>
        </div>
      }
    >
      <div className="mt-4 space-y-1 text-lg font-medium text-ink-100">
        <p>This site is for adults only!</p>
        <p>It contains AI-generated adult content.</p>
      </div>
      <p className="mt-5 rounded-2xl border border-white/[0.07] bg-ink-900/70 p-4 text-left text-sm leading-6 text-ink-300">
        By entering this website, you confirm that you are 18 years of age or older and that you accept our
        Terms of Service and Privacy Policy. Giving false information about your age is a breach of our Terms
        of Service. We may use your email address to send you marketing messages; you can opt out at any time.
        Our cookies serve only basic analytics and spam detection. All content on this website is
        AI-generated: any resemblance to real people is purely coincidental.
      </p>
      <div className="mt-6 grid grid-cols-2 gap-3">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => navigate(paths.terms)}
          icon={<FileText className="size-4" aria-hidden="true" />}
        >
          Terms of Service
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => navigate(paths.privacyPolicy)}
          icon={<ShieldCheck className="size-4" aria-hidden="true" />}
        >
          Privacy Policy
        </Button>
      </div>
      <Button size="lg" className="mt-3 w-full" onClick={onConfirm} data-testid="age-gate-confirm">
        I am over 18 - Continue
      </Button>
    </Modal>
  );
}
