import { Compass, Images, type LucideIcon, MessageCircleHeart, WandSparkles } from "lucide-react";
import { paths } from "@/config/paths";
import type { RouteHandle } from "@/lib/route-handle";

export interface NavItem {
  label: string;
  to: string;
  section: NonNullable<RouteHandle["section"]>;
  icon: LucideIcon;
}

export const NAV_ITEMS: NavItem[] = [
  { label: "Explore", to: paths.home, section: "explore", icon: Compass },
  { label: "Chat", to: paths.chat, section: "chat", icon: MessageCircleHeart },
  { label: "Gallery", to: paths.gallery, section: "gallery", icon: Images },
  { label: "Create", to: paths.createAi, section: "create", icon: WandSparkles },
];
