import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { LegalPage, type LegalSection } from "@/components/layout/legal-page";
import { paths } from "@/config/paths";

const UPDATED = "24 November 2026";

// the opt-out loads beside the page: the screen's first JavaScript has a budget
const SessionReplayChoice = lazy(() =>
  import("@/features/settings/components/session-replay-choice").then((module) => ({
    default: module.SessionReplayChoice,
  })),
);

const sections: LegalSection[] = [
  {
    id: "collect",
    heading: "What we collect",
    body: (
      <ul>
        <li>
          <strong>Account data</strong>: your email address, name if you give one, password (stored only as a
          secure hash by our sign-in provider) or the profile your social sign-in shares with us.
        </li>
        <li>
          <strong>Your content</strong>: your chats with characters, the characters you create, the prompts
          you write and the images generated for you.
        </li>
        <li>
          <strong>Purchases</strong>: your plan, token balance and transaction history. Card details are
          handled by our payment providers; we never see or store full card numbers.
        </li>
        <li>
          <strong>Preferences</strong>: your age confirmation, cookie choice and the kind of characters you
          are interested in, kept in your browser's local storage.
        </li>
        <li>
          <strong>Technical data</strong>: device and browser type, approximate location from your IP address,
          pages viewed, and the campaign or partner link that brought you here.
        </li>
      </ul>
    ),
  },
  {
    id: "use",
    heading: "How we use it",
    body: (
      <>
        <ul>
          <li>
            to run Reverie: generate replies, images and voice, remember your conversations, and process
            payments;
          </li>
          <li>to keep Reverie safe: moderate content, prevent fraud and spam, and enforce our Terms;</li>
          <li>to understand and improve the product through aggregated analytics;</li>
          <li>
            to send you service emails and, unless you opt out, marketing emails about Reverie — every
            marketing email has an unsubscribe link, and you can also opt out in Settings.
          </li>
        </ul>
        <p>
          We do not sell your personal data and we do not use your private chats to advertise to you. All
          characters and media on Reverie are AI-generated; your chats are processed by AI models to produce
          the characters' replies.
        </p>
      </>
    ),
  },
  {
    id: "cookies",
    heading: "Cookies and local storage",
    body: (
      <p>
        Reverie uses cookies and similar browser storage for three things: keeping you signed in, remembering
        your choices (such as the age confirmation and cookie banner), and basic analytics and spam detection.
        Analytics tell us, in aggregate, which screens are used and where things break. Before you confirm
        your age we count only that a page was visited, under a random id your browser does not keep; the
        analytics id is stored only once you go on. The analytics events we receive are deleted 30 days after
        they reach us. You can clear cookies and storage in your browser at any time; you will then see the
        age confirmation again.
      </p>
    ),
  },
  {
    id: "session-replay",
    heading: "Session replays",
    body: (
      <>
        <p>
          To find what is confusing or broken, we may record a share of visits (one in five by default) as a
          session replay: the layout of the screens you saw, where you clicked and scrolled, and how the pages
          changed. Recording starts only after you confirm your age, and never if you turn it off below or in
          Settings. Replays are stored on our own servers and are not shared with anyone.
        </p>
        <p>
          Your browser hides what is private before anything is recorded: everything you type (every field,
          your password included) is replaced by asterisks; your messages and the characters' replies, your
          drafts, chat previews, your email address, your account details and your sign-in screens are
          recorded as asterisks too; pictures, videos and voice messages in chats are left out; and anything
          shaped like an email address is masked wherever it appears. A replay never contains a message, an
          email or a password.
        </p>
        <p>
          Replays are deleted 30 days after the last part of them was recorded, when you turn replays off
          (signed in, the ones of your account at once), and when you delete your account.
        </p>
        <Suspense fallback={null}>
          <SessionReplayChoice />
        </Suspense>
      </>
    ),
  },
  {
    id: "advertising",
    heading: "Ads that brought you here",
    body: (
      <p>
        An ad's address carries its network's click id, which your browser keeps. If you sign up, we record it
        with your email, and save the latest one with your account. Our server tells the network's tracker of
        the sign-up and your first purchase (its amount): only the click id, the event, the amount and a
        random reference, never your email, name or account.
      </p>
    ),
  },
  {
    id: "sharing",
    heading: "Who we share it with",
    body: (
      <>
        <p>
          We share data only with service providers who help us run Reverie, under contracts that protect it:
        </p>
        <ul>
          <li>hosting, storage and email delivery providers;</li>
          <li>payment processors, for purchases and subscriptions;</li>
          <li>AI model providers, to generate replies, images and voice;</li>
          <li>analytics and anti-fraud providers, with the minimum data they need;</li>
          <li>the ad network you came through (see above).</li>
        </ul>
        <p>
          We disclose data to authorities when the law requires it, and we report any content involving minors
          to the competent authorities.
        </p>
      </>
    ),
  },
  {
    id: "retention",
    heading: "How long we keep it",
    body: (
      <>
        <p>
          We keep your account data and content while your account exists. When you delete your account in
          Settings, we delete at once: your profile and email address, your sign-in methods and every session
          (all your devices are signed out), your chats with their pictures and voice messages, the characters
          you created, the images generated for you, your bundle purchases, your data downloads, your
          analytics events, your session replays, your ad lead and the emails we queued to you. A last email
          confirms the deletion.
        </p>
        <p>What we keep, and why:</p>
        <ul>
          <li>
            <strong>Payment and token records</strong>: your orders, subscriptions and token ledger (what was
            bought, for how much, when, and how tokens were added and spent). Accounting and tax law require
            us to keep them, for as long as they say (up to 10 years). We move them to an anonymous
            placeholder account with no name, email or way to sign in, and remove what a payment provider told
            us about you. Any subscription is canceled before the account is deleted.
          </li>
          <li>
            <strong>Ad conversions</strong>: what we told an ad network stays, unlinked from you, to settle
            with it.
          </li>
          <li>
            <strong>Safety records</strong>: records of messages our moderation refused (the category and a
            short excerpt) are unlinked from you and deleted after 90 days, so we can still answer a report or
            a lawful request about harmful content.
          </li>
        </ul>
        <p>
          Whether or not you have an account, analytics events are deleted 30 days after we receive them, and
          session replays 30 days after the last part of them was recorded.
        </p>
      </>
    ),
  },
  {
    id: "rights",
    heading: "Your choices and rights",
    body: (
      <>
        <p>
          You can access, correct, export or delete your data, object to or restrict some processing, and
          withdraw consent at any time. You can <strong>delete your account</strong> from Settings; this is
          permanent. To use any other right, email us and we will answer within 30 days. You may also complain
          to your local data protection authority.
        </p>
        <p>
          <strong>Download my data</strong>, in Settings, prepares a JSON file with your account details,
          sign-in devices, chats and messages, the characters you created (with their full definitions), links
          to your generated images, your purchases, subscriptions and token history, the moderation records
          about you, your analytics events, the list of your session replays (when each was recorded, not what
          it shows) and your ad click ids. It never contains your password or sign-in tokens. We email you a
          private link that works for 24 hours; after that the file is deleted. You can ask for three a day.
        </p>
      </>
    ),
  },
  {
    id: "minors",
    heading: "Adults only",
    body: (
      <p>
        Reverie is only for people aged 18 or over. We do not knowingly collect data from minors; if we learn
        that an account belongs to someone under 18 we close it and delete its data.
      </p>
    ),
  },
  {
    id: "security",
    heading: "Security",
    body: (
      <p>
        We protect data with encryption in transit, access controls and regular reviews. No system is
        perfectly secure, so please use a strong, unique password and tell us right away if you suspect
        unauthorised use of your account.
      </p>
    ),
  },
  {
    id: "contact",
    heading: "Changes and contact",
    body: (
      <p>
        We will post changes to this policy here and tell you about significant ones in the app or by email.
        Questions or requests: <a href="mailto:privacy@reverie.app">privacy@reverie.app</a>. See also our{" "}
        <Link to={paths.terms}>Terms of Service</Link>.
      </p>
    ),
  },
];

export default function PrivacyPolicyRoute() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated={UPDATED}
      intro={
        <p>
          This policy explains what personal data Reverie collects, why, and the choices you have. Reverie is
          an adults-only service where you chat with AI companion characters; we treat what you share here as
          private.
        </p>
      }
      sections={sections}
      other={{ label: "Terms of Service", to: paths.terms }}
    />
  );
}
