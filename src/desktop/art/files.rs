//! Every file of `assets/`, compiled into the binary: an installed `courtpiece` carries its art
//! with it (`cargo install` copies no folders), and the asset server reads it from Bevy's
//! `embedded://` source.

macro_rules! files {
    ($($path:literal),* $(,)?) => {
        &[$(($path, include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/", $path)))),*]
    };
}

/// Each file's path under `assets/`, and its bytes.
pub const FILES: &[(&str, &[u8])] = files![
    "cards/suits/spades.svg",
    "cards/suits/hearts.svg",
    "cards/suits/diamonds.svg",
    "cards/suits/clubs.svg",
    "cards/ranks/2.svg",
    "cards/ranks/3.svg",
    "cards/ranks/4.svg",
    "cards/ranks/5.svg",
    "cards/ranks/6.svg",
    "cards/ranks/7.svg",
    "cards/ranks/8.svg",
    "cards/ranks/9.svg",
    "cards/ranks/10.svg",
    "cards/ranks/J.svg",
    "cards/ranks/Q.svg",
    "cards/ranks/K.svg",
    "cards/ranks/A.svg",
    "cards/court/jack-spades.svg",
    "cards/court/jack-hearts.svg",
    "cards/court/jack-diamonds.svg",
    "cards/court/jack-clubs.svg",
    "cards/court/queen-spades.svg",
    "cards/court/queen-hearts.svg",
    "cards/court/queen-diamonds.svg",
    "cards/court/queen-clubs.svg",
    "cards/court/king-spades.svg",
    "cards/court/king-hearts.svg",
    "cards/court/king-diamonds.svg",
    "cards/court/king-clubs.svg",
    "cards/backs/lattice.svg",
    "cards/backs/rosette.svg",
    "cards/backs/tiles.svg",
    "table/felt.svg",
    "table/wood.svg",
    "room/floor.svg",
    "room/wall.svg",
];

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::FILES;

    fn svgs_under(dir: &Path, root: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                svgs_under(&path, root, out);
            } else if path.extension().is_some_and(|e| e == "svg") {
                out.push(
                    path.strip_prefix(root)
                        .unwrap()
                        .to_string_lossy()
                        .replace('\\', "/"),
                );
            }
        }
    }

    #[test]
    fn every_svg_of_the_assets_folder_is_in_the_binary() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
        let mut on_disk = Vec::new();
        svgs_under(&root, &root, &mut on_disk);
        on_disk.sort();
        let mut listed: Vec<String> = FILES.iter().map(|(p, _)| (*p).to_owned()).collect();
        listed.sort();
        assert_eq!(on_disk, listed);
    }
}
