package dev.starfish.runtime.doctor;

import java.util.List;

/** One kind of check of {@code starfish doctor}: one finding per thing it looks at. */
interface Check {

    List<Finding> run(Installation installation);
}
