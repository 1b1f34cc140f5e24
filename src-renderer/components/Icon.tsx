import {
  ArrowLeft,
  Ban,
  Bell,
  BellOff,
  Bookmark,
  Calendar,
  Check,
  ChevronDown,
  ChevronUp,
  CircleCheck,
  CircleQuestionMark,
  CircleX,
  Clock,
  Copy,
  Download,
  Ellipsis,
  EyeOff,
  FaceSlightlySmiling,
  Flag,
  Globe,
  IdCard,
  Image,
  Link,
  List,
  ListOrdered,
  Lock,
  Mail,
  MapPin,
  Menu,
  MessageSquareText,
  MessagesSquare,
  Minus,
  Pencil,
  Plus,
  RotateCcw,
  RotateCcwClock,
  Save,
  Search,
  Settings,
  Share2,
  SquareCheck,
  SquareCode,
  Star,
  Table,
  Tags,
  ThumbsUp,
  Trash,
  TriangleExclamationPoint,
  Trophy,
  Upload,
  UserPen,
  UserPlus,
  Users,
  X,
  type LucideIcon,
} from 'lucide-react';

/**
 * Every icon the UI draws, by our own name, from Lucide (ISC licence; a few drawings MIT, from Feather).
 * A name ending in `-fill` draws the same outline filled with the text colour (Lucide has outlines only).
 */
const ICONS = {
  'arrow-left': ArrowLeft,
  ban: Ban,
  bell: Bell,
  'bell-off': BellOff,
  bookmark: Bookmark,
  'bookmark-fill': Bookmark,
  calendar: Calendar,
  check: Check,
  'check-circle': CircleCheck,
  'check-square': SquareCheck,
  'chevron-down': ChevronDown,
  'chevron-up': ChevronUp,
  clock: Clock,
  close: X,
  'close-circle': CircleX,
  'code-block': SquareCode,
  comment: MessageSquareText,
  comments: MessagesSquare,
  copy: Copy,
  download: Download,
  edit: Pencil,
  ellipsis: Ellipsis,
  'eye-off': EyeOff,
  'flag-fill': Flag,
  globe: Globe,
  history: RotateCcwClock,
  'id-card': IdCard,
  image: Image,
  link: Link,
  list: List,
  'list-ordered': ListOrdered,
  lock: Lock,
  mail: Mail,
  'map-pin': MapPin,
  menu: Menu,
  minus: Minus,
  plus: Plus,
  question: CircleQuestionMark,
  replay: RotateCcw,
  save: Save,
  search: Search,
  settings: Settings,
  share: Share2,
  smile: FaceSlightlySmiling,
  star: Star,
  table: Table,
  tags: Tags,
  'thumbs-up': ThumbsUp,
  'thumbs-up-fill': ThumbsUp,
  trash: Trash,
  trophy: Trophy,
  upload: Upload,
  'user-edit': UserPen,
  'user-plus': UserPlus,
  users: Users,
  warning: TriangleExclamationPoint,
} satisfies Record<string, LucideIcon>;

export type IconName = keyof typeof ICONS;

/**
 * An icon as an inline SVG, 1em square so it scales with the text around it (CSS sets `font-size` on it,
 * or on its parent), drawn in `currentColor`. Classes `icon icon-<name>` for CSS. Decorative
 * (`aria-hidden`) unless it has a `label`, which makes it an image with that accessible name.
 */
export function Icon({ name, label, className }: { name: IconName; label?: string; className?: string }) {
  const Svg = ICONS[name];
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
  return (
    <Svg
      size="1em"
      className={['icon', `icon-${name}`, className].filter(Boolean).join(' ')}
      fill={name.endsWith('-fill') ? 'currentColor' : 'none'}
      focusable="false"
      {...a11y}
    />
  );
}
