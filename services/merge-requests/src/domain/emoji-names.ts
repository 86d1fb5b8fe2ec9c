/**
 * The emoji names an award may use: a built-in set of the common names of
 * GitLab's emoji index (TanukiEmoji, gemoji names), and the aliases GitLab
 * normalizes (`+1` is stored as `thumbsup`).
 */

const NAMES = `
100 1234 8ball a ab abc abcd accept adult aerial_tramway airplane alarm_clock alien ambulance
anchor angel anger angry anguished ant apple aquarius aries arrow_backward arrow_down
arrow_forward arrow_left arrow_right arrow_up arrows_clockwise art articulated_lorry
astonished athletic_shoe atm avocado b baby baby_bottle baby_chick back bacon badminton
baggage_claim balloon ballot_box_with_check bamboo banana bangbang bank bar_chart barber
baseball basketball bat bath bathtub battery beach_umbrella bear beer beers beetle beginner
bell bento bicyclist bike bikini bird birthday black_heart blossom blowfish blue_book
blue_car blue_heart blush boar boat bomb book bookmark books boom boot bouquet bow
bowling boy bread bride_with_veil bridge_at_night briefcase broken_heart bug bulb bullettrain_front
burrito bus busstop bust_in_silhouette busts_in_silhouette butterfly cactus cake calendar
calling camel camera cancer candle candy capital_abcd capricorn car card_index carousel_horse
carrot cat cat2 cd chart chart_with_downwards_trend chart_with_upwards_trend checkered_flag
cheese cherries cherry_blossom chestnut chicken children_crossing chipmunk chocolate_bar
christmas_tree church cinema circus_tent city_sunset clap clapper clipboard clock1 clock10
clock11 clock12 clock2 clock3 clock4 clock5 clock6 clock7 clock8 clock9 closed_book
closed_lock_with_key closed_umbrella cloud clown cocktail coffee cold_sweat collision
computer confetti_ball confounded confused construction construction_worker cookie cool
cop copyright corn couple cow cow2 crab credit_card crescent_moon cricket crocodile crossed_fingers
crossed_flags crown cry crying_cat_face crystal_ball cucumber cupid curly_loop currency_exchange
curry custard customs cyclone dancer dancers dango dart dash date deciduous_tree department_store
desert diamond_shape_with_a_dot_inside diamonds disappointed disappointed_relieved dizzy
dizzy_face do_not_litter dog dog2 dollar dolls dolphin door doughnut dove dragon dragon_face
dress dromedary_camel droplet duck dvd e-mail eagle ear ear_of_rice earth_africa earth_americas
earth_asia egg eggplant eight eight_pointed_black_star eight_spoked_asterisk electric_plug
elephant email end envelope euro european_castle european_post_office evergreen_tree exclamation
expressionless eye eyeglasses eyes face_palm facepunch factory fallen_leaf family fast_forward
fax fearful feet ferris_wheel file_folder fire fire_engine fireworks first_quarter_moon fish
fish_cake fishing_pole_and_fish fist five flag_black flag_white flags flashlight floppy_disk
flower_playing_cards flushed fog foggy football footprints fork_and_knife fountain four
four_leaf_clover fox fr free fried_shrimp fries frog frowning fuelpump full_moon game_die gear
gem gemini ghost gift gift_heart girl globe_with_meridians goat golf grapes green_apple green_book
green_heart grey_exclamation grey_question grimacing grin grinning guardsman guitar gun haircut
hamburger hammer hamster hand hand_splayed handbag handshake hankey hash hatched_chick hatching_chick
headphones hear_no_evil heart heart_decoration heart_eyes heart_eyes_cat heartbeat heartpulse
hearts heavy_check_mark heavy_division_sign heavy_dollar_sign heavy_minus_sign heavy_multiplication_x
heavy_plus_sign helicopter herb hibiscus high_brightness high_heel hocho honey_pot horse
horse_racing hospital hot_pepper hotdog hotel hotsprings hourglass house house_with_garden
hugging hushed ice_cream icecream id ideograph_advantage imp inbox_tray incoming_envelope
information_desk_person information_source innocent interrobang iphone izakaya_lantern
jack_o_lantern japan japanese_castle japanese_goblin japanese_ogre jeans joy joy_cat key keyboard
keycap_ten kimono kiss kissing kissing_cat kissing_closed_eyes kissing_heart kissing_smiling_eyes
kiwi koala koko label large_blue_circle large_blue_diamond large_orange_diamond last_quarter_moon
laughing leaves ledger left_right_arrow lemon leo leopard libra light_rail link lips lipstick
lock lock_with_ink_pen lollipop loop loud_sound loudspeaker love_hotel love_letter low_brightness
m mag mag_right mahjong mailbox man man_with_gua_pi_mao man_with_turban mans_shoe maple_leaf
mask massage meat_on_bone medal mega melon memo menorah mens metal metro microphone microscope
middle_finger milky_way minibus minidisc mobile_phone_off money_mouth money_with_wings moneybag
monkey monkey_face monorail mortar_board mount_fuji mountain_bicyclist mountain_cableway
mountain_railway mouse mouse2 movie_camera moyai muscle mushroom musical_keyboard musical_note
musical_score mute nail_care name_badge nauseated_face necktie negative_squared_cross_mark nerd
neutral_face new new_moon newspaper ng night_with_stars nine no_bell no_bicycles no_entry
no_entry_sign no_good no_mobile_phones no_mouth no_pedestrians no_smoking non-potable_water nose
notebook notebook_with_decorative_cover notes nut_and_bolt o o2 ocean octopus oden office ok
ok_hand ok_woman older_man older_woman on oncoming_automobile oncoming_bus oncoming_police_car
oncoming_taxi one open_book open_file_folder open_hands open_mouth ophiuchus orange_book outbox_tray
owl ox package page_facing_up page_with_curl pager palm_tree panda_face paperclip parking
part_alternation_mark partly_sunny passport_control paw_prints peach peanuts pear pencil pencil2
penguin pensive performing_arts persevere person_frowning person_with_blond_hair
person_with_pouting_face pig pig2 pig_nose pill pineapple pisces pizza point_down point_left
point_right point_up point_up_2 police_car poodle poop popcorn post_office postal_horn postbox
potable_water potato pouch poultry_leg pound pouting_cat pray prayer_beads princess punch
purple_heart purse pushpin put_litter_in_its_place question rabbit rabbit2 racehorse radio
radio_button rage railway_car rainbow raised_hand raised_hands raising_hand ram ramen rat
recycle red_car red_circle registered relaxed relieved repeat repeat_one restroom revolving_hearts
rewind rhino ribbon rice rice_ball rice_cracker rice_scene ring robot rocket rofl roller_coaster
rolling_eyes rooster rose rotating_light round_pushpin rowboat rugby_football runner running
running_shirt_with_sash sa sagittarius sailboat sake sandal santa satellite satisfied saxophone
school school_satchel scissors scorpion scorpius scream scream_cat scroll seat secret see_no_evil
seedling seven shark shaved_ice sheep shell ship shirt shit shower shrimp shrug signal_strength
six six_pointed_star ski skull sleeping sleepy slight_frown slight_smile slot_machine small_blue_diamond
small_orange_diamond small_red_triangle small_red_triangle_down smile smile_cat smiley smiley_cat
smiling_imp smirk smirk_cat smoking snail snake sneezing_face snowboarder snowflake snowman sob
soccer soon sos sound space_invader spades spaghetti sparkle sparkler sparkles sparkling_heart
speak_no_evil speaker speech_balloon speedboat spider spider_web squid star star2 stars station
statue_of_liberty steam_locomotive stew straight_ruler strawberry stuck_out_tongue
stuck_out_tongue_closed_eyes stuck_out_tongue_winking_eye sun_with_face sunflower sunglasses sunny
sunrise sunrise_over_mountains surfer sushi suspension_railway sweat sweat_drops sweat_smile
sweet_potato swimmer symbols syringe tada tanabata_tree taco tangerine taurus taxi tea telephone
telephone_receiver telescope tennis tent thinking thought_balloon three thumbsdown thumbsup
ticket tiger tiger2 tired_face tm toilet tokyo_tower tomato tongue top tophat tractor traffic_light
train train2 tram triangular_flag_on_post triangular_ruler trident triumph trolleybus trophy
tropical_drink tropical_fish truck trumpet tshirt tulip turkey turtle tv twisted_rightwards_arrows
two two_hearts two_men_holding_hands two_women_holding_hands u5272 u5408 u55b6 u6307 u6708 u6709
u6e80 u7121 u7533 u7981 u7a7a umbrella unamused underage unicorn unlock up upside_down v
vertical_traffic_light vhs vibration_mode video_camera video_game violin virgo volcano vs walking
waning_crescent_moon waning_gibbous_moon warning watch water_buffalo watermelon wave wavy_dash
waxing_crescent_moon waxing_gibbous_moon wc weary wedding whale whale2 wheelchair white_check_mark
white_circle white_flower white_square_button wind_chime wine_glass wink wolf woman womans_clothes
womans_hat womens worried wrench x yellow_heart yen yum zap zero zipper_mouth zzz
`

const EMOJI_NAMES: ReadonlySet<string> = new Set(NAMES.split(/\s+/).filter(Boolean))

/** Gitlab::Emoji's aliases that awards store under another name. */
const ALIASES: Readonly<Record<string, string>> = {
  '+1': 'thumbsup',
  '-1': 'thumbsdown',
  poop: 'hankey',
  shit: 'hankey',
}

/** The name an award is stored under. */
export function normalizeEmojiName(name: string): string {
  return ALIASES[name] ?? name
}

/** Whether a (normalized) name is an emoji an award may use. */
export function isEmojiName(name: string): boolean {
  return EMOJI_NAMES.has(name)
}
