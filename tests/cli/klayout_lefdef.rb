# KLayout batch check of nocsyn's LEF/DEF hand-off (run by test_lefdef.sh):
#   klayout -b -rd designs=DIR/D1,DIR/D2 -r klayout_lefdef.rb
# For each base path D it reads D.def with KLayout's own LEF/DEF reader and
# its default options (read_lef_with_def: every LEF beside the DEF is read
# too, so every design's LEF in a directory must load together; issue 29
# item 1) and prints one "ok - ..." or "not ok - ..." line per check:
#  - the reader raises no error;
#  - every component of the DEF is an instance whose lower-left corner and
#    size (from KLayout's macro bounding box) equal D.place.csv's row for it
#    (to the 1 nm database unit), and the counts match;
#  - no two instances overlap (routers are off the cores);
#  - the die area (the top cell's outline) contains every instance;
#  - every net terminal names an instance and a pin label of its macro.
def check(base)
  base = File.expand_path(base)
  name = File.basename(base)
  ly = RBA::Layout.new
  opt = RBA::LoadLayoutOptions.new
  cfg = opt.lefdef_config
  # Only what the checks below need; the LEF reading is KLayout's default.
  cfg.produce_cell_outlines = true
  cfg.instance_property_name = 1
  begin
    ly.read(base + ".def", opt)
  rescue => e
    puts "not ok - klayout reads #{name}.lef/.def"
    puts "#   #{e.to_s.lines.first}"
    return
  end
  puts "ok - klayout reads #{name}.lef/.def"
  top = ly.top_cell
  dbu = ly.dbu
  inst = {}
  top.each_inst { |i| inst[i.property(1).to_s] = i }

  rows = File.readlines(base + ".place.csv").drop(1).map { |l| l.strip.split(",") }
  bad = []
  rows.each do |r|
    i = inst[r[0].gsub(/[^A-Za-z0-9_]/, "_")]
    if !i
      bad << "#{r[0]}: no instance"
      next
    end
    b = i.bbox
    want = r[2, 4].map { |v| (v.to_f * 1000.0 / dbu).round }
    got = [b.left, b.bottom, b.width, b.height]
    bad << "#{r[0]}: klayout #{got.inspect} place.csv #{want.inspect}" if got.zip(want).any? { |g, w| (g - w).abs > 0 }
  end
  bad << "#{inst.size} instances, #{rows.size} place.csv rows" if inst.size != rows.size
  puts bad.empty? ? "ok - #{name}: #{rows.size} placements match place.csv" :
                    "not ok - #{name}: placement differs\n#   #{bad.first(3).join('; ')}"

  boxes = inst.map { |n, i| [n, i.bbox] }
  over = []
  boxes.each_with_index do |(na, a), k|
    boxes[(k + 1)..-1].each do |nb, b|
      over << "#{na}/#{nb}" if a.left < b.right && b.left < a.right && a.bottom < b.top && b.bottom < a.top
    end
  end
  puts over.empty? ? "ok - #{name}: no overlapping blocks" : "not ok - #{name}: overlaps #{over.first(3).join(' ')}"

  die = RBA::Box.new
  ly.layer_indexes.each do |li|
    top.shapes(li).each { |s| die += s.bbox } if ly.get_info(li).name == "OUTLINE"
  end
  outside = boxes.reject { |_, b| die.contains?(b.p1) && die.contains?(b.p2) }.map(&:first)
  puts !die.empty? && outside.empty? ? "ok - #{name}: die area covers every block" :
                                       "not ok - #{name}: die #{die} misses #{outside.first(3).join(' ')}"

  pins = {}
  ly.each_cell do |c|
    s = {}
    ly.layer_indexes.each { |li| c.shapes(li).each { |sh| s[sh.text_string] = 1 if sh.is_text? } }
    pins[c.name] = s
  end
  nets = 0
  badpin = []
  in_nets = false
  File.foreach(base + ".def") do |l|
    in_nets = true if l =~ /^NETS /
    in_nets = false if l =~ /^END NETS/
    next unless in_nets && l =~ /^\s*- /
    nets += 1
    l.scan(/\(\s*(\S+)\s+(\S+)\s*\)/) do |comp, pin|
      i = inst[comp]
      badpin << "#{comp}.#{pin}" if !i || !pins[i.cell.name][pin]
    end
  end
  puts badpin.empty? && nets > 0 ? "ok - #{name}: #{nets} nets end on macro pins" :
                                   "not ok - #{name}: #{nets} nets, unknown pins #{badpin.first(3).join(' ')}"
end

$designs.split(",").each { |d| check(d) }
