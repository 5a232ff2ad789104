# Renders a design's DEF (with its LEF) as KLayout draws it, for README:
#   klayout -b -rd base=DIR/D -rd out=FILE.png -r benchmarks/handoff/klayout_shot.rb
# Pin and text labels are hidden; cores are the FIXED macros, routers the
# PLACED ones moved off the cores, the hatched frame the DIEAREA.
# KLayout's default LEF/DEF options read every LEF beside the DEF (D.lef
# among them); the path is made absolute so that a relative base= works.
base = File.expand_path($base)
lv = RBA::LayoutView.new
opt = RBA::LoadLayoutOptions.new
opt.lefdef_config.produce_cell_outlines = true
lv.load_layout(base + ".def", opt, true)
lv.max_hier
lv.set_config("background-color", "#ffffff")
lv.set_config("grid-visible", "false")
lv.set_config("text-visible", "false")
lv.set_config("cell-box-text-font", "0")
lv.zoom_fit
lv.save_image($out, 1000, 800)
puts "wrote #{$out}"
