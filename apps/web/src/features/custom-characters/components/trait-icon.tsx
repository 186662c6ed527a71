import {
  AudioLines,
  BicepsFlexed,
  BookOpen,
  Briefcase,
  Camera,
  Candy,
  ChefHat,
  Circle,
  CircleDot,
  CircleSmall,
  Clapperboard,
  Coffee,
  Crown,
  Disc3,
  Dumbbell,
  Flower,
  Flower2,
  Gamepad2,
  Gem,
  Heart,
  HeartHandshake,
  Hourglass,
  House,
  Leaf,
  type LucideIcon,
  Minus,
  Moon,
  Mountain,
  Music,
  Palette,
  PartyPopper,
  PenLine,
  Plane,
  Shield,
  Shirt,
  Smile,
  SmilePlus,
  Snowflake,
  Sparkles,
  Sprout,
  Square,
  Swords,
  Telescope,
  Tv,
  User,
  Users,
  Waves,
} from "lucide-react";
import { OptionInitial } from "./option-initial";

/**
 * The lucide icons the trait list names (its `icon`, in lucide's kebab-case). Listed one by
 * one: importing every icon by name would put all of lucide in the constructor's JavaScript.
 */
const ICONS: Record<string, LucideIcon> = {
  "audio-lines": AudioLines,
  "biceps-flexed": BicepsFlexed,
  "book-open": BookOpen,
  briefcase: Briefcase,
  camera: Camera,
  candy: Candy,
  "chef-hat": ChefHat,
  circle: Circle,
  "circle-dot": CircleDot,
  "circle-small": CircleSmall,
  clapperboard: Clapperboard,
  coffee: Coffee,
  crown: Crown,
  "disc-3": Disc3,
  dumbbell: Dumbbell,
  flower: Flower,
  "flower-2": Flower2,
  "gamepad-2": Gamepad2,
  gem: Gem,
  heart: Heart,
  "heart-handshake": HeartHandshake,
  hourglass: Hourglass,
  house: House,
  leaf: Leaf,
  minus: Minus,
  moon: Moon,
  mountain: Mountain,
  music: Music,
  palette: Palette,
  "party-popper": PartyPopper,
  "pen-line": PenLine,
  plane: Plane,
  shield: Shield,
  shirt: Shirt,
  smile: Smile,
  "smile-plus": SmilePlus,
  snowflake: Snowflake,
  sparkles: Sparkles,
  sprout: Sprout,
  square: Square,
  swords: Swords,
  telescope: Telescope,
  tv: Tv,
  user: User,
  users: Users,
  waves: Waves,
};

/** "HeartHandshake" or "heart_handshake" → "heart-handshake" */
function kebab(name: string): string {
  return name
    .replace(/Icon$/, "")
    .replaceAll(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replaceAll("_", "-")
    .toLowerCase();
}

/** An option's icon; an unknown name shows the option's initial instead of nothing. */
export function TraitIcon({ name, label }: { name: string | null; label: string }) {
  const Icon = name ? ICONS[kebab(name)] : undefined;
  return Icon ? <Icon className="size-6" aria-hidden="true" /> : <OptionInitial label={label} />;
}
