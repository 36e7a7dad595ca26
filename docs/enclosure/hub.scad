// The hub's enclosure, parametric (docs/enclosure/README.md). Made from a build's TOML by
// tools/enclosure.py, which sets every parameter below with -D from the build:
// [hub] seats and the [enclosure] table (hardware/config.py; defaults: a double-12 tile's slot).
//
//   openscad -D seats=8 -D slot_length=52 -D slot_width=27 -D slot_depth=5 -D height=40 -o hub.stl hub.scad
//
// A round hub: the engine's pocket in the middle, one radial pocket per seat plus the Mexican train
// around it (each pocket holds a train's first tile, end on to the engine), a 12 mm button hole per
// seat beyond its pocket, a light window at each pocket's inner end for the seat's LED segment, and
// a hollow bay underneath for the Pi, the strip and the wiring, with a cable hole in its wall.
// All sizes in millimetres; the hub's axis is Z, its base on Z = 0.

seats = 8;          // [hub] seats: 2..16
slot_length = 52;   // [enclosure] slot_length_mm: a pocket's radial length (a tile's length + clearance)
slot_width = 27;    // [enclosure] slot_width_mm: a pocket's width (a tile's width + clearance)
slot_depth = 5;     // [enclosure] slot_depth_mm: how deep a tile sits
height = 40;        // [enclosure] height_mm: the hub's overall height

wall = 3;           // shell thickness: the bay's side wall, and the deck under the pockets
rim = 24;           // the ring beyond the pockets that carries the buttons
button = 12;        // a 12 mm momentary push button's panel hole
window = 4;         // the light window's width (a 60 LED/m strip's pitch is 16.7 mm)
$fn = 120;          // a multiple of 4: the outline's extreme vertices lie on the X and Y axes

trains = seats + 1;                 // the seats' personal trains and the Mexican train
pitch = slot_width + 2 * wall;      // the arc each pocket takes at the inner radius
inner_r = max(norm([slot_length / 2, slot_width / 2]) + wall, trains * pitch / (2 * PI));   // clear of the engine
outer_r = inner_r + slot_length + rim;
deck = slot_depth + wall;           // the top's thickness: pockets, then wall under them

assert(seats >= 2 && seats <= 16, "seats must be 2..16");
assert(height > deck + 10, "height must leave a bay under the deck");

echo(str("HUB_ENCLOSURE diameter=", 2 * outer_r, " height=", height, " trains=", trains));

module pocket(angle) {   // a train's pocket, its inner end on inner_r, with its light window
    rotate([0, 0, angle]) {
        translate([inner_r, -slot_width / 2, height - slot_depth]) cube([slot_length, slot_width, slot_depth + 1]);
        translate([inner_r + 1, -slot_width / 2 + wall, height - deck - 1]) cube([window, slot_width - 2 * wall, deck + 2]);
    }
}

difference() {
    cylinder(r = outer_r, h = height);
    translate([0, 0, -1]) cylinder(r = outer_r - wall, h = height - deck + 1);   // the bay
    translate([-slot_length / 2, -slot_width / 2, height - slot_depth])          // the engine's pocket
        cube([slot_length, slot_width, slot_depth + 1]);
    for (i = [0 : trains - 1]) pocket(360 * (i + 0.5) / trains);                  // the Mexican train is i = 0
    for (i = [1 : trains - 1])                                                    // seat i-1's button
        rotate([0, 0, 360 * (i + 0.5) / trains])
            translate([inner_r + slot_length + rim / 2, 0, height - deck - 1]) cylinder(d = button, h = deck + 2, $fn = 32);
    translate([outer_r - wall - 1, -8, wall]) cube([wall + 2, 16, 10]);          // the cable hole
}
